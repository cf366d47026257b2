/* Replays fuzzer inputs without libFuzzer: replay FILE... (each file is one input), then
   200000 inputs from a fixed-seed generator, 25 to 256 bytes long. Prints "fuzz-replay: N inputs".
   Half of them start with a valid 16-bit grid-mask layout, so the gridmask target gets past its
   layout check often. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    static uint8_t buf[4096];
    uint32_t s = 0x5EEDu;
    unsigned long n = 0, i, k;
    int a;
    for (a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        size_t len;
        if (f == NULL) {
            perror(argv[a]);
            return 1;
        }
        len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, len);
        n++;
    }
    for (i = 0; i < 200000ul; i++) {
        size_t len = 25u + (size_t)(i % 232u); /* short and long inputs: few and many objects */
        for (k = 0; k < len; k++) {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5;
            buf[k] = (uint8_t)s;
        }
        /* half the time a valid 16-bit layout, so the box logic is reached often */
        if (i & 1u) { buf[0] = 16; buf[1] = 5; buf[2] = 5; buf[3] = 0; buf[4] = 0; buf[5] = 1; buf[6] = 192; buf[7] = 0; }
        LLVMFuzzerTestOneInput(buf, len);
        n++;
    }
    printf("fuzz-replay: %lu inputs\n", n);
    return 0;
}
