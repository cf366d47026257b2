/* tests/msx/compare.c: compare NATIVE.out MSX.out
   Compares the MSX ROM's vector results with the native ones, case by case (header 8 bytes, then
   10 bytes per gridmask case: status, mask a, mask b, verdict; see tests/vectors/vectors.h).
   Prints every case that differs and ends with exactly one line "msx: N passed, N failed".
   Nothing can pass by being absent: a missing or short MSX result fails every case it lacks, a
   bad header or trailing bytes count as one more failure, an unreadable native file as one. */
#include <stdio.h>
#include <string.h>

#include "vectors.h"

#define MAX_FILE 65536u

static unsigned char native_buf[MAX_FILE + 1], msx_buf[MAX_FILE + 1];

/* Reads up to MAX_FILE bytes; returns -1 when the file cannot be opened, else its length
   (MAX_FILE + 1 when it is larger). */
static long read_file(const char *path, unsigned char *buf)
{
    size_t n;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    n = fread(buf, 1, MAX_FILE + 1, f);
    fclose(f);
    return (long)n;
}

static void print_hex(const unsigned char *p, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        printf("%02x", p[i]);
}

/* One result as "status mask_a mask_b verdict", in file byte order. */
static void print_result(const unsigned char *r)
{
    print_hex(r, 1);
    putchar(' ');
    print_hex(r + 1, 4);
    putchar(' ');
    print_hex(r + 5, 4);
    putchar(' ');
    print_hex(r + 9, 1);
}

int main(int argc, char **argv)
{
    long native_len, msx_len;
    unsigned count, i, passed = 0, failed = 0, msx_cases;

    if (argc != 3) {
        fprintf(stderr, "usage: %s NATIVE.out MSX.out\n", argv[0]);
        return 2;
    }
    native_len = read_file(argv[1], native_buf);
    if (native_len < (long)EO_VEC_HEADER_SIZE || native_len > (long)MAX_FILE ||
        memcmp(native_buf, "EOR1", 4) != 0 || native_buf[4] != EO_VEC_MODULE_GRIDMASK) {
        printf("native result %s is missing or not a gridmask result file\n", argv[1]);
        printf("msx: 0 passed, 1 failed\n");
        return 1;
    }
    count = (unsigned)native_buf[6] | ((unsigned)native_buf[7] << 8);
    if ((unsigned long)native_len != EO_VEC_HEADER_SIZE + (unsigned long)count * EO_VEC_GRIDMASK_RESULT_SIZE ||
        count == 0) {
        printf("native result %s: %ld bytes do not match its case count %u\n", argv[1], native_len, count);
        printf("msx: 0 passed, 1 failed\n");
        return 1;
    }

    msx_len = read_file(argv[2], msx_buf);
    if (msx_len < 0) {
        printf("MSX result %s is missing: the openMSX run did not finish (see its messages above); "
               "all %u cases count as failed\n", argv[2], count);
        msx_len = 0;
    } else if (msx_len < (long)EO_VEC_HEADER_SIZE) {
        printf("MSX result %s is only %ld bytes long (no header)\n", argv[2], msx_len);
        failed++;
    } else if (memcmp(native_buf, msx_buf, EO_VEC_HEADER_SIZE) != 0) {
        printf("header differs: native ");
        print_hex(native_buf, EO_VEC_HEADER_SIZE);
        printf(" msx ");
        print_hex(msx_buf, EO_VEC_HEADER_SIZE);
        printf("\n");
        failed++;
    }

    msx_cases = msx_len > (long)EO_VEC_HEADER_SIZE
        ? (unsigned)((unsigned long)(msx_len - (long)EO_VEC_HEADER_SIZE) / EO_VEC_GRIDMASK_RESULT_SIZE) : 0;
    if (msx_len > 0 && msx_cases < count)
        printf("MSX result is short: %ld bytes, %u complete cases of %u; the rest count as failed\n",
               msx_len, msx_cases, count);
    if (msx_len > (long)(EO_VEC_HEADER_SIZE + count * EO_VEC_GRIDMASK_RESULT_SIZE)) {
        printf("MSX result has %ld bytes more than the native one\n",
               msx_len - (long)(EO_VEC_HEADER_SIZE + count * EO_VEC_GRIDMASK_RESULT_SIZE));
        failed++;
    }

    for (i = 0; i < count; i++) {
        const unsigned char *n = native_buf + EO_VEC_HEADER_SIZE + i * EO_VEC_GRIDMASK_RESULT_SIZE;
        const unsigned char *m = msx_buf + EO_VEC_HEADER_SIZE + i * EO_VEC_GRIDMASK_RESULT_SIZE;
        if (i >= msx_cases) {
            failed++;
            continue;
        }
        if (memcmp(n, m, EO_VEC_GRIDMASK_RESULT_SIZE) == 0) {
            passed++;
            continue;
        }
        failed++;
        printf("case %u differs: native ", i);
        print_result(n);
        printf(" | msx ");
        print_result(m);
        printf("   (status, mask a, mask b, verdict)\n");
    }
    printf("msx: %u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
