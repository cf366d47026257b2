# tests/msx/demo.tcl: openMSX startup script of the demo cartridge's test (tests/msx/demo.sh).
# Plays the cartridge with the cursor keys and space pressed from here (keymatrixdown/up, by the
# game frame the ROM has reached), times every game frame (a watchpoint on demo_in_step, which
# msx/demo_main.c sets to 1 around cart_step), takes a screenshot once the ROM has recorded its
# DEMO_RECORD frames and left their hash, and writes what it read from RAM to EO_DEMO_OUT:
#   seed N / hash HEX / error N / frames N / vblanks_max N / stack N / frame_us F /
#   step_us MIN MEAN MAX COUNT, and the recorded buttons to EO_DEMO_OUT.inputs.
# Environment: EO_MSX_SYMS (build/msx/earlyout-demo.syms.tcl), EO_DEMO_OUT, EO_DEMO_SHOT (PNG),
# EO_MSX_TIMEOUT (emulated s), EO_MSX_REALTIME (real s).

set eo_name msx-demo
source [file join [file dirname [info script]] verdict.tcl]
foreach var {EO_MSX_SYMS EO_DEMO_OUT EO_DEMO_SHOT} {
    if {![info exists ::env($var)]} { eo_end 2 "$var is not set"; return }
}
source $::env(EO_MSX_SYMS)
set eo_timeout  [eo_env EO_MSX_TIMEOUT 60]
set eo_realtime [eo_env EO_MSX_REALTIME 300]
set throttle off
set mute on

proc eo_u8 {addr} { return [debug read memory $addr] }
proc eo_u16 {addr} { binary scan [debug read_block memory $addr 2] su v; return $v }
proc eo_u32 {addr} { binary scan [debug read_block memory $addr 4] iu v; return $v }

# The input script: from game frame F on, hold these keys (keyboard row 8: 0x01 space,
# 0x10 left, 0x20 up, 0x40 down, 0x80 right). Walks right, jumps, climbs up the ladder onto the
# platform, walks along it, drops down, jumps up the slope.
set eo_script {
    0 0x80   14 0x81   22 0x80   36 0x00   40 0x20   70 0x20   84 0x80   100 0x41   104 0x80   112 0x01   116 0x00
}
set eo_keys 0
proc eo_keys_for {frame} {
    set keys 0
    foreach {from mask} $::eo_script { if {$frame >= $from} { set keys $mask } }
    return $keys
}
proc eo_set_keys {keys} {
    if {$keys == $::eo_keys} return
    if {$::eo_keys} { keymatrixup 8 $::eo_keys }
    if {$keys} { keymatrixdown 8 $keys }
    set ::eo_keys $keys
}

# Frame timing: emulated time of each cart_step, from demo_in_step going 1 and back to 0.
set eo_step_start -1
set eo_steps {}
set eo_jiffy_first -1
proc eo_watch {} {
    set now [machine_info time]
    if {[eo_u8 $::demo_in_step]} {
        set ::eo_step_start $now
        if {$::eo_jiffy_first < 0} { set ::eo_jiffy_first [eo_u16 $::demo_jiffy]; set ::eo_time_first $now }
        set ::eo_jiffy_last [eo_u16 $::demo_jiffy]
        set ::eo_time_last $now
    } elseif {$::eo_step_start >= 0} {
        lappend ::eo_steps [expr {($now - $::eo_step_start) * 1e6}]
        set ::eo_step_start -1
    }
}
debug set_watchpoint write_mem $demo_in_step {} eo_watch

# Bytes of the stack area the program wrote (crt0 fills it before main).
proc eo_stack_used {} {
    set n [expr {$::eo_msx_stack_top - $::eo_msx_stack_guard}]
    binary scan [debug read_block memory $::eo_msx_stack_guard $n] cu* bytes
    set untouched 0
    foreach b $bytes { if {$b != $::eo_msx_stack_fill} break; incr untouched }
    return [expr {$n - $untouched}]
}

proc eo_finish {} {
    set out $::env(EO_DEMO_OUT)
    set frames [eo_u16 $::demo_frames]
    set steps $::eo_steps
    if {[llength $steps] == 0} { eo_end 1 "no game frame was timed"; return }
    set min [lindex [lsort -real $steps] 0]
    set max [lindex [lsort -real $steps] end]
    set sum 0.0
    foreach s $steps { set sum [expr {$sum + $s}] }
    set mean [expr {$sum / [llength $steps]}]
    set vblanks [expr {($::eo_jiffy_last - $::eo_jiffy_first) & 0xFFFF}]
    if {$vblanks == 0} { eo_end 1 "no VBlank interrupt was counted"; return }
    set frame_us [expr {($::eo_time_last - $::eo_time_first) * 1e6 / $vblanks}]
    set f [open $out.tmp w]
    puts $f "seed [eo_u32 $::demo_seed]"
    puts $f [format "hash %08x" [eo_u32 $::demo_hash]]
    puts $f "error [eo_u8 $::demo_error]"
    puts $f "frames $frames"
    puts $f "vblanks_max [eo_u16 $::demo_vblanks_max]"
    puts $f "stack [eo_stack_used] [expr {$::eo_msx_stack_top - $::eo_msx_stack_guard}]"
    puts $f [format "frame_us %.1f" $frame_us]
    puts $f [format "step_us %.1f %.1f %.1f %d" $min $mean $max [llength $steps]]
    close $f
    set f [open $out.inputs w]
    fconfigure $f -translation binary
    puts -nonewline $f [debug read_block memory $::demo_record 120]
    close $f
    file rename -force $out.tmp $out
    eo_end 0 [format "%d game frames in %.2f emulated s; cart_step %.0f .. %.0f us (mean %.0f) of a %.0f us frame; screenshot %s" \
        $frames [machine_info time] $min $max $mean $frame_us $::env(EO_DEMO_SHOT)]
}

# openMSX paints only while throttled: throttle on, let two frames be drawn, take the
# screenshot, then finish.
set eo_shot_taken 0
proc eo_poll {} {
    if {$::eo_ended} return
    set frame [eo_u16 $::demo_frames]
    eo_set_keys [eo_keys_for $frame]
    if {[eo_u8 $::demo_done] == 0xD0 && !$::eo_shot_taken} {
        set ::eo_shot_taken 1
        eo_set_keys 0
        set ::throttle on
        after time 0.05 {
            screenshot $::env(EO_DEMO_SHOT)
            set ::throttle off
            eo_finish
        }
        return
    }
    after time 0.004 eo_poll
}
after time 0.1 eo_poll
after time $eo_timeout { eo_end 1 "timeout after $eo_timeout emulated s: [eo_u16 $::demo_frames] game frames, done marker [eo_u8 $::demo_done]" }
after realtime $eo_realtime { eo_end 1 "timeout after $eo_realtime real s" }
