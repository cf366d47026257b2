/* bench/native/code_pad.c: PAD bytes of code-section padding, starting on a 64-byte boundary, for
   the pixel bench's code placements (mk/bench.mk): linked just before a library's objects, it
   puts that library's code PAD bytes past a cache line's start (functions are 16-byte aligned, so
   PAD = 0, 16, 32, 48 are the four places a function can take within a line). Compile with -DPAD=N. */
#ifndef PAD
#error "define PAD (bytes)"
#endif
#define TEXT(x) #x
#define STRING(x) TEXT(x)
__asm__(".text\n.p2align 6\n.skip " STRING(PAD) ", 0xcc\n");
typedef int code_pad_has_no_c; /* ISO C wants a declaration in every file */
