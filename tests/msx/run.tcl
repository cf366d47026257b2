# tests/msx/run.tcl: openMSX startup script of `make test-msx` (see mk/msx.mk).
# A parity ROM (msx/vectors_main.c, one per vector module) runs the shared vectors and raises a
# "done" marker in RAM; this script waits for it, saves the result block to a file and exits openMSX. It never waits
# forever: a limit in emulated seconds and one in real seconds both end the run with an error.
#
# Environment:
#   EO_MSX_SYMS      Tcl file setting eo_msx_status, eo_msx_free_ram, eo_msx_stack_guard,
#                    eo_msx_stack_top and eo_msx_stack_fill (values from the link map)
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

# The marker: 4 magic bytes ("EOrn" running, "EOdn" done), then the result length and the room
# there was for it (u16 each, little-endian). The result is at eo_msx_free_ram.
proc eo_magic {} {
    binary scan [debug read_block memory $::eo_msx_status 4] a4 magic
    return $magic
}

# Bytes of the stack area (eo_msx_stack_guard .. eo_msx_stack_top, filled by crt0 before main)
# that were written: how deep the stack went. All of them means it reached the guard.
proc eo_stack_used {} {
    set n [expr {$::eo_msx_stack_top - $::eo_msx_stack_guard}]
    binary scan [debug read_block memory $::eo_msx_stack_guard $n] cu* bytes
    set untouched 0
    foreach b $bytes {
        if {$b != $::eo_msx_stack_fill} break
        incr untouched
    }
    return [expr {$n - $untouched}]
}

# Saves the result and ends the run if the ROM is done (returns "done"); otherwise returns
# the magic found.
proc eo_try_finish {} {
    if {$::eo_ended} { return "done" }
    set magic [eo_magic]
    if {$magic ne "EOdn"} { return $magic }
    binary scan [debug read_block memory [expr {$::eo_msx_status + 4}] 4] susu len cap
    if {$len == 0} {
        eo_end 1 "the ROM's vector runner rejected the embedded vector file (result length 0; malformed file, or its results need more than the $cap bytes of RAM there are)"
        return "done"
    }
    set stack [eo_stack_used]
    set stack_size [expr {$::eo_msx_stack_top - $::eo_msx_stack_guard}]
    if {$stack >= $stack_size} {
        eo_end 1 [format "the stack reached its guard at 0x%04X (more than %d bytes deep): it may have overwritten the result" $::eo_msx_stack_guard $stack_size]
        return "done"
    }
    set f [open $::eo_out.tmp w]
    fconfigure $f -translation binary
    puts -nonewline $f [debug read_block memory $::eo_msx_free_ram $len]
    close $f
    file rename -force $::eo_out.tmp $::eo_out
    eo_end 0 [format "done at %.2f emulated s: %d result bytes (room for %d) written to %s; stack %d of %d bytes" \
        [machine_info time] $len $cap $::eo_out $stack $stack_size]
    return "done"
}

proc eo_describe {magic} {
    if {$magic eq "EOrn"} { return [format "the ROM started but had not finished (PC=0x%04X: see the link map)" [reg PC]] }
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
