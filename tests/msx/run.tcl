# tests/msx/run.tcl: openMSX startup script of `make test-msx` (see mk/msx.mk), one vector file
# per run. The parity ROM (msx/vectors_main.c) waits for a vector file in its RAM ("EOwt");
# this script writes it there and says go ("EOgo"), waits for the done marker ("EOdn"), checks the
# stack stayed in its area, saves the result block to a file and exits openMSX. It never waits
# forever: a limit in emulated seconds and one in real seconds both end the run with an error.
#
# Environment:
#   EO_MSX_SYMS      Tcl file setting eo_msx_status, eo_msx_stack_guard, eo_msx_stack_top and
#                    eo_msx_stack_fill (values from the link map)
#   EO_MSX_VEC       the vector file to run
#   EO_MSX_OUT       where to write the result bytes
#   EO_MSX_TIMEOUT   emulated seconds before giving up (default 300; C-BIOS boots in about 3)
#   EO_MSX_REALTIME  real seconds before giving up (default 120)

set eo_name msx-run
source [file join [file dirname [info script]] verdict.tcl]

foreach var {EO_MSX_SYMS EO_MSX_VEC EO_MSX_OUT} {
    if {![info exists ::env($var)]} { eo_end 2 "$var is not set"; return }
}
source $::env(EO_MSX_SYMS)
set eo_out $::env(EO_MSX_OUT)
set eo_timeout  [eo_env EO_MSX_TIMEOUT 300]
set eo_realtime [eo_env EO_MSX_REALTIME 120]
if {[catch {
    set f [open $::env(EO_MSX_VEC) r]
    fconfigure $f -translation binary
    set eo_vec [read $f]
    close $f
} err]} {
    eo_end 2 "cannot read the vector file: $err"
    return
}

set throttle off      ;# emulate as fast as the host can
set renderer none     ;# nothing to look at (the first frames still try SDL: harmless warnings)
set mute on

# The status block (msx/vectors_main.c): 4 magic bytes, then u16 little-endian fields
# vec_addr, vec_room, vec_len, result_addr, result_cap, result_len.
proc eo_magic {} {
    binary scan [debug read_block memory $::eo_msx_status 4] a4 magic
    return $magic
}
proc eo_field {offset} {
    binary scan [debug read_block memory [expr {$::eo_msx_status + $offset}] 2] su value
    return $value
}
proc eo_set_field {offset value} {
    debug write_block memory [expr {$::eo_msx_status + $offset}] [binary format s $value]
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

# Gives the ROM the vector file once it waits for one.
set eo_loaded 0
proc eo_load {} {
    set room [eo_field 6]
    set len [string length $::eo_vec]
    if {$len > $room} {
        eo_end 1 "the vector file has $len bytes; the ROM has room for $room (its vector area, msx/crt0_vectors*.s)"
        return
    }
    debug write_block memory [eo_field 4] $::eo_vec
    eo_set_field 8 $len
    debug write_block memory $::eo_msx_status "EOgo"   ;# last: the ROM starts on it
    set ::eo_loaded 1
    eo_msg [format "loaded %d vector bytes at 0x%04X at %.2f emulated s" $len [eo_field 4] [machine_info time]]
}

# Loads the file when the ROM waits for it; saves the result and ends the run when the ROM is
# done (returns "done"); otherwise returns the magic found.
proc eo_step {} {
    if {$::eo_ended} { return "done" }
    set magic [eo_magic]
    if {$magic eq "EOwt" && !$::eo_loaded} {
        eo_load
        return [eo_magic]
    }
    if {$magic eq "EOer"} {
        eo_end 1 "the ROM found no RAM at its vector area for the vector file"
        return "done"
    }
    if {$magic ne "EOdn"} { return $magic }
    set len [eo_field 14]
    set cap [eo_field 12]
    if {$len == 0} {
        eo_end 1 "the ROM's vector runner rejected the vector file (result length 0: a malformed file, or its results need more than the $cap bytes of RAM there are)"
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
    puts -nonewline $f [debug read_block memory [eo_field 10] $len]
    close $f
    file rename -force $::eo_out.tmp $::eo_out
    eo_end 0 [format "done at %.2f emulated s: %d result bytes (room for %d) written to %s; stack %d of %d bytes" \
        [machine_info time] $len $cap $::eo_out $stack $stack_size]
    return "done"
}

proc eo_describe {magic} {
    switch -- $magic {
        EOwt { return "the ROM waits for its vector file" }
        EOgo { return "the ROM did not start on its vector file" }
        EOrn { return [format "the ROM started but had not finished (PC=0x%04X: see the link map)" [reg PC]] }
    }
    return "no marker at $::eo_msx_status: the cartridge did not boot, or crashed before main()"
}

proc eo_poll {} {
    if {[eo_step] ne "done"} { after time 0.1 eo_poll }
}

# main() ends in DI; HALT: check at once instead of waiting for the next poll (and replace
# openMSX's default "DI; HALT detected" warning). A halt before the marker is a crash.
proc eo_di_halt {} {
    set magic [eo_step]
    if {$magic eq "done"} return
    eo_end 1 [format "the CPU stopped (DI; HALT, PC=0x%04X) before the done marker: %s" [reg PC] [eo_describe $magic]]
}
set di_halt_callback eo_di_halt

after time $eo_timeout {
    if {[eo_step] ne "done"} {
        eo_end 1 "timeout after $eo_timeout emulated s: [eo_describe [eo_magic]]"
    }
}
after realtime $eo_realtime {
    if {[eo_step] ne "done"} {
        eo_end 1 "timeout after $eo_realtime real s (emulated [format %.2f [machine_info time]] s): [eo_describe [eo_magic]]"
    }
}
after time 0.1 eo_poll
