/* Replays fuzzer inputs without libFuzzer, so the targets build and run under gcc too: replay
   FILE... (each file is one input, up to 64 KiB), then 5000 inputs from a fixed-seed generator,
   0 to 255 bytes long. Prints "fuzz-replay: N inputs". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* in a buffer of exactly len bytes, as libFuzzer gives it, so ASan sees a read past the input */
static void run(const uint8_t *buf, size_t len)
{
    uint8_t *copy = malloc(len ? len : 1u);
    memcpy(copy, buf, len);
    LLVMFuzzerTestOneInput(copy, len);
    free(copy);
}

int main(int argc, char **argv)
{
    static uint8_t buf[65536];
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
        run(buf, len);
        n++;
    }
    for (i = 0; i < 5000ul; i++) {
        size_t len = (size_t)(i % 256u); /* empty, short and long inputs */
        for (k = 0; k < len; k++) {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5;
            buf[k] = (uint8_t)s;
        }
        run(buf, len);
        n++;
    }
    printf("fuzz-replay: %lu inputs\n", n);
    return 0;
}
