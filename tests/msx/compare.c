/* tests/msx/compare.c: compare MODULE NATIVE.out MSX.out [MODULE NATIVE.out MSX.out]...
   Compares the MSX ROMs' vector results with the native ones, case by case. Generic over the
   modules: a result file is a header of 8 bytes, whose byte 5 is the size of one case's result,
   then count results of that size (tests/vectors/vectors.h).
   Prints every case that differs (up to a limit per module), one line per module
   "msx-MODULE: N passed, N failed", and ends with exactly one line "msx: N passed, N failed"
   totalling all modules. Nothing can pass by being absent: a missing or short MSX result fails
   every case it lacks, a bad header or trailing bytes count as one more failure, and a native
   file that is missing or malformed as one failure of its module. */
#include <stdio.h>
#include <string.h>

#include "vectors.h"

#define MAX_FILE 65536u
#define SHOW_DIFFS 10u   /* differing cases printed per module; the rest are only counted */
#define SHOW_BYTES 16u   /* bytes of a differing result printed, from the first difference */

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

/* Compares one module; adds to *passed and *failed and prints the module's line. */
static void compare_module(const char *name, const char *native_path, const char *msx_path,
                           unsigned long *passed, unsigned long *failed)
{
    long native_len, msx_len;
    unsigned count, size, i, msx_cases, shown = 0;
    unsigned long p = 0, f = 0;

    native_len = read_file(native_path, native_buf);
    size = native_len >= (long)EO_VEC_HEADER_SIZE ? native_buf[5] : 0u;
    count = native_len >= (long)EO_VEC_HEADER_SIZE ? ((unsigned)native_buf[6] | ((unsigned)native_buf[7] << 8)) : 0u;
    if (native_len < (long)EO_VEC_HEADER_SIZE || native_len > (long)MAX_FILE ||
        memcmp(native_buf, "EOR1", 4) != 0 || size == 0 || count == 0 ||
        (unsigned long)native_len != EO_VEC_HEADER_SIZE + (unsigned long)count * size) {
        printf("%s: native result %s is missing or malformed (%ld bytes)\n", name, native_path, native_len);
        printf("msx-%s: 0 passed, 1 failed\n", name);
        *failed += 1;
        return;
    }

    msx_len = read_file(msx_path, msx_buf);
    if (msx_len < 0) {
        printf("%s: MSX result %s is missing: the openMSX run did not finish (see its messages above); "
               "all %u cases count as failed\n", name, msx_path, count);
        msx_len = 0;
    } else if (msx_len < (long)EO_VEC_HEADER_SIZE) {
        printf("%s: MSX result %s is only %ld bytes long (no header)\n", name, msx_path, msx_len);
        f++;
    } else if (memcmp(native_buf, msx_buf, EO_VEC_HEADER_SIZE) != 0) {
        printf("%s: header differs: native ", name);
        print_hex(native_buf, EO_VEC_HEADER_SIZE);
        printf(" msx ");
        print_hex(msx_buf, EO_VEC_HEADER_SIZE);
        printf("\n");
        f++;
    }

    msx_cases = msx_len > (long)EO_VEC_HEADER_SIZE
        ? (unsigned)((unsigned long)(msx_len - (long)EO_VEC_HEADER_SIZE) / size) : 0;
    if (msx_len > 0 && msx_cases < count)
        printf("%s: MSX result is short: %ld bytes, %u complete cases of %u; the rest count as failed\n",
               name, msx_len, msx_cases, count);
    if (msx_len > native_len) {
        printf("%s: MSX result has %ld bytes more than the native one\n", name, msx_len - native_len);
        f++;
    }

    for (i = 0; i < count; i++) {
        const unsigned char *n = native_buf + EO_VEC_HEADER_SIZE + (unsigned long)i * size;
        const unsigned char *m = msx_buf + EO_VEC_HEADER_SIZE + (unsigned long)i * size;
        unsigned at, len;
        if (i >= msx_cases) {
            f++;
            continue;
        }
        if (memcmp(n, m, size) == 0) {
            p++;
            continue;
        }
        f++;
        if (++shown > SHOW_DIFFS) {
            if (shown == SHOW_DIFFS + 1u)
                printf("%s: more cases differ (only counted from here on)\n", name);
            continue;
        }
        for (at = 0; n[at] == m[at]; at++)
            ;
        if (size <= SHOW_BYTES)
            at = 0;
        len = size - at < SHOW_BYTES ? size - at : SHOW_BYTES;
        printf("%s: case %u differs at result byte %u of %u: native ", name, i, at, size);
        print_hex(n + at, len);
        printf(" | msx ");
        print_hex(m + at, len);
        printf("%s\n", at + len < size ? " ..." : "");
    }
    printf("msx-%s: %lu passed, %lu failed\n", name, p, f);
    *passed += p;
    *failed += f;
}

/* A suite checked on the Z80 by itself (tests/msx/asm_check.sh): its file holds "PASSED FAILED";
   a missing or malformed file counts as one failure. */
static void add_counted(const char *name, const char *path, unsigned long *passed, unsigned long *failed)
{
    unsigned long p = 0, f = 0;
    FILE *file = fopen(path, "r");
    int ok = file != NULL && fscanf(file, "%lu %lu", &p, &f) == 2;
    if (file != NULL)
        fclose(file);
    if (!ok) {
        printf("%s: counts %s are missing or malformed\n", name, path);
        p = 0;
        f = 1;
    }
    printf("msx-%s: %lu passed, %lu failed\n", name, p, f);
    *passed += p;
    *failed += f;
}

int main(int argc, char **argv)
{
    unsigned long passed = 0, failed = 0;
    int k;

    if (argc < 4 || (argc - 1) % 3 != 0) {
        fprintf(stderr, "usage: %s MODULE NATIVE.out MSX.out | --counted NAME COUNTS ...\n", argv[0]);
        printf("msx: 0 passed, 1 failed\n");
        return 2;
    }
    for (k = 1; k + 2 < argc; k += 3)
        if (strcmp(argv[k], "--counted") == 0)
            add_counted(argv[k + 1], argv[k + 2], &passed, &failed);
        else
            compare_module(argv[k], argv[k + 1], argv[k + 2], &passed, &failed);
    printf("msx: %lu passed, %lu failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
