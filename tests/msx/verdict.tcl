# tests/msx/verdict.tcl: what the openMSX scripts of `make test-msx` share (run.tcl, demo.tcl; each
# sources it first and sets eo_name): one way to say something, and one verdict per run.

proc eo_msg {text} { puts stderr "$::eo_name: $text" }

# openMSX's `exit` only schedules the quit: the calling proc and pending callbacks go on running.
# eo_end makes the first verdict the only one.
set eo_ended 0
proc eo_end {code text} {
    if {$::eo_ended} return
    set ::eo_ended 1
    eo_msg $text
    exit $code
}

# The value of environment variable NAME, or DEFAULT when it is not set.
proc eo_env {name default} {
    return [expr {[info exists ::env($name)] ? $::env($name) : $default}]
}
