# tests/msx/run.tcl: openMSX startup script of `make test-msx` (see mk/msx.mk).
# The parity ROM (msx/vectors_main.c) runs the shared vectors and raises a "done" marker in RAM;
# this script waits for it, saves the result block to a file and exits openMSX. It never waits
# forever: a limit in emulated seconds and one in real seconds both end the run with an error.
#
# Environment:
#   EO_MSX_SYMS      Tcl file setting eo_msx_status and eo_msx_result (addresses from the link map)
#   EO_MSX_OUT       where to write the result bytes
#   EO_MSX_TIMEOUT   emulated seconds before giving up (default 60; C-BIOS boots in about 3)
#   EO_MSX_REALTIME  real seconds before giving up (default 120)

proc eo_msg {text} { puts stderr "msx-run: $text" }

# openMSX's `exit` only schedules the quit: the calling proc and pending callbacks go on running.
# eo_end makes the first verdict the only one.
set eo_ended 0
proc eo_end {code text} {
    if {$::eo_ended} return
    set ::eo_ended 1
    eo_msg $text
    exit $code
}

foreach var {EO_MSX_SYMS EO_MSX_OUT} {
    if {![info exists ::env($var)]} { eo_end 2 "$var is not set"; return }
}
source $::env(EO_MSX_SYMS)
set eo_out $::env(EO_MSX_OUT)
set eo_timeout  [expr {[info exists ::env(EO_MSX_TIMEOUT)]  ? $::env(EO_MSX_TIMEOUT)  : 60}]
set eo_realtime [expr {[info exists ::env(EO_MSX_REALTIME)] ? $::env(EO_MSX_REALTIME) : 120}]

set throttle off      ;# emulate as fast as the host can
set renderer none     ;# nothing to look at (the first frames still try SDL: harmless warnings)
set mute on

# The marker: 4 magic bytes ("EOrn" running, "EOdn" done) then the result length (u16, little-endian).
proc eo_magic {} {
    binary scan [debug read_block memory $::eo_msx_status 4] a4 magic
    return $magic
}

# Saves the result and ends the run if the ROM is done (returns "done"); otherwise returns
# the magic found.
proc eo_try_finish {} {
    if {$::eo_ended} { return "done" }
    set magic [eo_magic]
    if {$magic ne "EOdn"} { return $magic }
    binary scan [debug read_block memory [expr {$::eo_msx_status + 4}] 2] su len
    if {$len == 0} {
        eo_end 1 "the ROM's vector runner rejected the embedded vector file (result length 0)"
        return "done"
    }
    set f [open $::eo_out.tmp w]
    fconfigure $f -translation binary
    puts -nonewline $f [debug read_block memory $::eo_msx_result $len]
    close $f
    file rename -force $::eo_out.tmp $::eo_out
    eo_end 0 [format "done at %.2f emulated s: %d result bytes written to %s" [machine_info time] $len $::eo_out]
    return "done"
}

proc eo_describe {magic} {
    if {$magic eq "EOrn"} { return "the ROM started but had not finished" }
    return "no marker at $::eo_msx_status: the cartridge did not boot, or crashed before main()"
}

proc eo_poll {} {
    if {[eo_try_finish] ne "done"} { after time 0.1 eo_poll }
}

# main() ends in DI; HALT: check at once instead of waiting for the next poll (and replace
# openMSX's default "DI; HALT detected" warning). A halt before the marker is a crash.
proc eo_di_halt {} {
    set magic [eo_try_finish]
    if {$magic eq "done"} return
    eo_end 1 [format "the CPU stopped (DI; HALT, PC=0x%04X) before the done marker: %s" [reg PC] [eo_describe $magic]]
}
set di_halt_callback eo_di_halt

after time $eo_timeout {
    if {[eo_try_finish] ne "done"} {
        eo_end 1 "timeout after $eo_timeout emulated s: [eo_describe [eo_magic]]"
    }
}
after realtime $eo_realtime {
    if {[eo_try_finish] ne "done"} {
        eo_end 1 "timeout after $eo_realtime real s (emulated [format %.2f [machine_info time]] s): [eo_describe [eo_magic]]"
    }
}
after time 0.1 eo_poll
