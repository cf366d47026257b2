/* Runs a vector file through the native core: run_native IN.vec OUT */
#include <stdio.h>

#include "vectors.h"

static uint8_t in_buf[65535], out_buf[65535];

int main(int argc, char **argv)
{
    FILE *f;
    size_t in_len;
    uint16_t out_len;

    if (argc != 3) {
        fprintf(stderr, "usage: %s IN.vec OUT\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    in_len = fread(in_buf, 1, sizeof in_buf, f);
    fclose(f);
    out_len = eo_vectors_run(in_buf, (uint16_t)in_len, out_buf, (uint16_t)sizeof out_buf);
    if (out_len == 0) {
        fprintf(stderr, "%s: malformed vector file\n", argv[1]);
        return 1;
    }
    if ((f = fopen(argv[2], "wb")) == NULL || fwrite(out_buf, 1, out_len, f) != out_len || fclose(f) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
