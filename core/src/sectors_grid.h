/* Private: a sector grid as the files that read it see it. sectors.c lays it out, builds and
   updates it; sectors_pairs.c (or the build's stand-in, core/src/fast/ or core/src/z80/) finds its
   pairs; query_sectors.c and query_segment.c read its runs. Macros and types only: SDCC compiles
   every static function of a header into each file that includes it.

   Storage (caller-owned, laid out by eo_sectors_init):
     cell_start[cells + 1]  where each sector's run of entries begins; runs have slack, and the
                            last run reaches to max_entries
     cell_len[cells]        how many entries each run holds now
     entries[max_entries]   object index << ENTRY_SHIFT | FIRST_COL | FIRST_ROW, ascending within a run
     extents[max_objects]   32-bit builds: each object's first and last pixels (sectors_width.h)
     ranges[max_objects]    first and last column and row of each object */
#ifndef EARLYOUT_SRC_SECTORS_GRID_H
#define EARLYOUT_SRC_SECTORS_GRID_H

#include "earlyout/sectors.h"
#include "sectors_width.h"

#define NO_CELL EO_SECTORS_NO_CELL

/* An entry's two low bits say whether the object's range starts in this sector's column and row.
   A pair is reported in the first sector both objects are listed in: the one at the larger of their
   first columns and the larger of their first rows, which is the sector where one of the two starts
   its columns and one starts its rows. So two bits per entry decide it, without looking the
   objects up. */
#define FIRST_COL EO_SECTORS_FIRST_COL
#define FIRST_ROW EO_SECTORS_FIRST_ROW
#define FIRST_BOTH (FIRST_COL | FIRST_ROW)
#define ENTRY_SHIFT EO_SECTORS_ENTRY_SHIFT

/* The object an entry lists. */
#define ENTRY_OBJECT(e) ((eo_index)((e) >> ENTRY_SHIFT))

/* The index of sector (col, row). On the Z80 columns and rows are bytes, and SDCC multiplies bytes
   as bytes (at half the cost of 16 bits); elsewhere they are 16 bits and the product needs eo_index. */
#if EO_INDEX_BITS == 16
#define CELL(g, col, row) ((eo_index)((row) * (g)->cfg.cols + (col)))
#else
#define CELL(g, col, row) ((eo_index)((eo_index)(row) * (g)->cfg.cols + (col)))
#endif

/* The first entry of sector k's run (its cell_len[k] entries follow). */
#define SECTOR_RUN(g, k) ((g)->entries + (g)->cell_start[k])

#endif
