/* Shared test vectors: one runner, compiled for the native build and for the MSX ROM (SDCC),
   turns a vector file image into a result image. The wasm suite (tests/wasm) reads the same
   files through the JS API and must produce byte-identical results.

   Scope by world size (coordinates are int16 on the Z80, int32 natively and in wasm, config.h):
   every <module>.vec holds int16-range cases whose answers are the same in both worlds: native
   (32- and 16-bit builds), wasm and the MSX ROM run them; tiles_sweep.vec holds the swept moves
   (module 5 format, op 7: their results would not fit the MSX's RAM beside tiles.vec's). tiles16.vec (module 5 format) holds
   the cases that need the world to end at 32767 (moves into the edge, a map wider than the int16
   world): the 16-bit builds only (native run_vectors_c16 and the MSX ROM; mk/core-tests.mk
   VECTOR_INT16, mk/msx.mk MSX_MODULES). Wide files (gridmask_wide, aabb_wide, pixelmask_wide:
   +-1,000,000 and the int32 edges) have 32-bit coordinate fields: header byte 5 is 4 (0 in every
   other file) and each coordinate field below marked i16 is an i32 instead (cases and offsets
   grow accordingly: a box is 16 bytes); only modules 1, 2 and 4 have them, and only the 32-bit
   builds run them (native run_vectors and wasm; a 16-bit runner refuses the file, so the MSX
   runner never loads them: mk/core-tests.mk VECTOR_WIDE). The other modules' wide-range cases
   are in tests/core/test_coords.c (native, both widths) and tests/wasm/wide.test.mjs (wasm).

   Every file (little-endian): header 8 bytes
       'E' 'O' 'V' '1', module, 0, case count (u16)            (vector file, <module>.vec)
       'E' 'O' 'R' '1', module, result size, case count (u16)  (result: <module>.expected, .*.out)
   then the cases, then one fixed-size result per case.

   module 1, gridmask: case 18 bytes
       layout id (u8: 0 = EO_GRIDMASK_LAYOUT_8, 1 = _16, 2 = _32, 3 = an invalid layout),
       method (u8: eo_gridmask_method; 2 is invalid), box a (x, y, w, h: i16), box b
     result 10 bytes: status (eo_result of building a | that of b << 4), mask a (u32), mask b (u32),
       verdict (u8: eo_gridmask_test of the two masks; 3 for an invalid layout)

   module 2, aabb: case 18 bytes
       kind u8: 0 = boxes: order (u8), box a, box b
                1 = circles: 0 (u8), circle a (x, y, r: i16), circle b, 4 zero bytes
     result 2 bytes: boxes: overlap (0/1), comparisons (1..4, 0 for an empty box)
                     circles: eo_result, overlap (0/1, 0xFF when the result is an error)

   module 3, sectors (and sweep): a scene per case, variable size:
       config: world x, y, w, h (i16), cols, rows (u8), max_entries (u16)          12 bytes
       n (u8, 1 .. EO_VEC_SCENE_MAX), flags (u8: bit 0 layers given, bit 1 sweep along Y)
       n boxes (8 bytes each), n layers if bit 0 (category, collides_with: u16), n moves (dx, dy: i8)
     result EO_VEC_SECTORS_RESULT_SIZE bytes, three parts:
       build:  eo_result (u8), pairs (u16), insertions, candidate pairs, box tests (u16 each),
               the first EO_VEC_PAIRS_SHOWN pairs (a, b: u8 each; zero-filled)
       update after the moves (persistent): eo_result (u8), pairs (u16), objects moved (u8),
               insertions + removals (u16), the first EO_VEC_PAIRS_SHOWN pairs
       sweep after the moves: eo_result (u8), pairs (u16), box tests (u16), the first
               EO_VEC_PAIRS_SHOWN pairs in sweep order

   module 4, pixelmask: a sprite pair per case, variable size:
       wa, ha, wb, hb (u8, 1 .. EO_VEC_SPRITE_MAX), ax, ay, bx, by (i16),
       A's rows then B's rows, each row ceil(w / 8) bytes, bit i of byte k = pixel 8k + i
     result 14 bytes: eo_result of eo_pixelmask_overlap (u8), hit, reference hit, first contact found
       (u8 each), contact x, y (i32; 0 when none), area (u16)

   module 5, tiles (and slopes): a map section, then fixed-size cases that refer to its maps.
     maps: map count (u8, 1 .. EO_VEC_TILE_MAPS_MAX), then each map:
       width, height (u16), tile_shift, outside (u8: eo_tiles_map's fields, passed as they are),
       row table (u8: 0 none, 1 row_start[r] = r * width),
       user slope count k (u8, 0 .. EO_VEC_USER_SLOPES_MAX), cells from (u8: 0xFF = this map's
       own cells follow, else the index of an earlier map whose cells it shares),
       attrs of tile ids 0 .. 15 (16 bytes; ids 16 .. 255 read EO_TILES_EMPTY),
       k * 8 user slope heights (user slopes need 8 px tiles: tile_shift 0 or 3),
       own cells: n = min(width * height, EO_VEC_TILE_CELLS_MAX) tile ids 0 .. 15, two per byte
       (low nibble first), ceil(n / 2) bytes. A map whose cheap fields are valid (eo_tiles_tile_size)
       must not have more cells than it holds or shares, nor with a row table more than
       EO_VEC_TILE_ROWS_MAX rows: the file is refused.
     case 17 bytes: map (u8), op (u8), box x, y, w, h (i16), dx, dy (i16), a, b, c (u8); op:
       0 eo_tiles_move(box, dx, dy, flags a); b = 1: with a cache filled by eo_tiles_touching
         at the start box
       1 eo_slopes_walk(box, dx, max_step a, flags b)
       2 eo_tiles_probe(box, mode a, capacity b <= EO_VEC_PROBES_MAX): shows probes c and c + 1
       3 eo_tiles_touching(box) with a fresh cache, then again with that cache at the box moved
         by (dx, dy)
       4 eo_slopes_ground_at(x, y) (the box's x, y)
       5 eo_slopes_box_ground(box, sensors a: 2, 3, or 0 for EO_SLOPES_EVERY_COLUMN)
       6 a platformer character for a frames (1 .. EO_VEC_MOVER_FRAMES_MAX): each frame
         eo_slopes_walk(dx px, max_step b; dx changes sign at a wall), then eo_tiles_move(0, vy)
         with vy = dy (a jump) on the ground every c-th frame (c = 0: never), 0 on the ground
         otherwise, +1 per frame in the air up to 8, and 0 after a hit above or below
       7 eo_tiles_sweep(box, dx, dy, flags a: DROP 1, POSITION_ONLY 2, SLIDE 8); b = 1: with a
         cache filled by eo_tiles_touching at the start box
       8 eo_slopes_move(box, dx, dy, max_step a, reach c (255: EO_SLOPES_REACH_ALWAYS), flags b)
     result 24 bytes: eo_result of the operation (u8; 0xFF = not run: eo_tiles_check refused the
       map), eo_tiles_check of the map (u8), then by op:
       move, walk, character, sweep: box after (x, y, w, h: i16), hit (character: of every frame),
                   touching, below, on_ground (u8), moved_x, moved_y (i32); character: vy (i8)
       probe:      count (u16), kinds (u8), two probes (x, y, col, row: i16, attr: u8; zero past
                   count or capacity), their outside flags (bit 0, bit 1)
       touching:   touching, below, second eo_result, second touching, second below (u8)
       ground_at, box_ground: found, sensor, height, attr (u8), col, row, ground_y, distance,
                   slope (i16)
       slopes move: box after (x, y, w, h: i16), hit, touching, below, on_ground (u8), moved_x,
                   moved_y (i16), landed, launched (u8), slope (i16)
     zero-filled after the fields of the op (and all but the two codes on an error).

   module 6, query: point, region and segment queries over a scene, variable size:
       config and boxes as module 3: world x, y, w, h (i16), cols, rows (u8), max_entries (u16),
       n (u8, 1 .. EO_VEC_SCENE_MAX), flags (u8: bit 0 layers given, bit 1 sweep along Y, bit 2 the
       query's filter is used, bit 3 nothing is built: every query meets a grid never built and
       a workspace never sorted), n boxes, n layers if bit 0;
       then the filter (category, collides_with: u16), the region (x, y, w, h: i16), the point
       (x, y: i16), the capacity of the index lists (u8, 0 .. EO_VEC_QUERY_SHOWN) and of the hit
       lists (u8, 0 .. EO_VEC_HITS_SHOWN), m (u8, 1 .. EO_VEC_SEGMENTS_MAX), m segments (x0, y0,
       x1, y1: i16)
     runs eo_sectors_init + eo_sectors_build (unless bit 3), eo_sweep_init + eo_sweep_find_pairs (pairs
       buffer of EO_VEC_PAIRS_SHOWN; unless bit 3), then the queries with layers (bit 0) and the
       filter (bit 2) or NULL;
     result EO_VEC_QUERY_RESULT_SIZE bytes:
       build's eo_result (u8; 0xFF with bit 3), sweep_pairs' eo_result (u8; 0xFF with bit 3),
       four lists: eo_query_sectors_region, eo_query_sectors_point, eo_query_sweep_region,
         eo_query_sweep_point, each: eo_result (u8), count (u16), the first EO_VEC_QUERY_SHOWN
         indices (u8; zero past count or the capacity);
       per segment (EO_VEC_SEGMENTS_MAX, zero past m): eo_query_segment_all through the grid:
         eo_result (u8), count (u16), the first EO_VEC_HITS_SHOWN hits (index u8, t_num, t_den:
         u16, x, y: i16, face u8; zero past count or the capacity); eo_query_segment_first without
         the grid: eo_result (u8), found (u8), the hit (as above; zero if none)

   module 7, raycast: the map section of module 5 (shared format and limits), then cases of
     EO_VEC_RAYCAST_CASE_SIZE bytes: map (u8), x0, y0, x1, y1 (i16), block (u8: EO_TOUCH_* bits),
       capacity (u8, 0 .. EO_VEC_RAYCAST_VISITS_MAX), flags (u8: bit 0 visit_count NULL)
     eo_raycast_tiles(map, segment, block, hit, visits, capacity, &count or NULL)
     result EO_VEC_RAYCAST_RESULT_SIZE bytes: eo_result (u8; 0xFF = not run: eo_tiles_check refused
       the map), eo_tiles_check (u8), hit, attr, face (u8), col, row, x, y (i16), t_num, t_den
       (u16), visit count (u16; 0 with flag bit 0), Fletcher-16 (sum1 | sum2 << 8, both mod 255)
       of the visits written (min(count, capacity), each as its 10 bytes below), the first two
       visits (col, row: i16, t_num, t_den: u16, attr, face: u8; zero past count or the capacity);
       zero-filled after the two codes when not run or on an error.

   module 8, contact: case EO_VEC_CONTACT_CASE_SIZE bytes: op (u8), n (u8, 0 .. 4: boxes for
       op 3), box a (x, y, w, h: i16; a circle is x, y, r and an ignored field), adx, ady (i16),
       box b (or circle b), bdx, bdy (i16), three more boxes e0, e1, e2; op:
       0 eo_contact_push_boxes(a, b)        1 eo_contact_push_circles(a, b)
       2 eo_contact_push_circle_box(a, b)   3 eo_contact_push_out(a, the first n of b, e0, e1, e2)
       4 eo_contact_sweep_box(a, adx, ady, b)
       5 eo_contact_sweep_boxes(a, adx, ady, b, bdx, bdy)
     result EO_VEC_CONTACT_RESULT_SIZE bytes: eo_result (u8), then
       push (ops 0 .. 3): x, y, along_x, along_y, nx, ny (i16), overlap, face (u8)
       sweep (ops 4, 5):  t_num, t_den (u32), x, y, nx, ny (i16), hit, face, inside (u8)
     zero-filled after the fields (and after the code on an error).

   module 9, move and events: variable-size cases, by kind (c[0]):
     kind 0, a small world of boxes and movers:
       n (u8, 1 .. EO_VEC_MOVE_BOXES_MAX), flags (u8: bit 0 eo_move reads a sectors grid, bit 1
       layers given, bit 2 a tile map follows, bit 3 EO_TILES_DROP), m movers (u8, 0 ..
       EO_VEC_MOVERS_MAX), contact capacity (u8, 0 .. EO_VEC_MOVE_CONTACTS_MAX), events capacity
       (u8, 0 .. EO_VEC_EVENTS_SHOWN), tile response (u8: 0 slide, 1 touch, 3 bounce);
       n boxes (x, y, w, h: i16 with w, h >= 1; then its eo_move_response: u8), n layers if bit 1
       (category, collides_with: u16), m moves (the mover's index: u8, dx, dy: i16), and with bit 2
       a map of 8 px tiles at (0, 0): width (u8, 1 .. 32), height (u8, 1 .. 24), outside (u8:
       eo_tiles_outside), width * height tile ids (2 bits each, four per byte, low bits first: 0
       empty, 1 EO_TILES_SOLID, 2 EO_TILES_ONE_WAY, 3 empty).
       Runs: a sectors grid (world 0, 0, 256 x 192, 4 x 3 sectors) built over the boxes, their
       pairs (layers if given) sorted by eo_pairs_sort; then each mover in turn, eo_move through
       the others (the responses per box, the mover's own layer; the grid with bit 0, then
       updated for the next mover, else none), its box written back; then the pairs again,
       sorted, and eo_pairs_events(before, after) into lists of the events capacity.
     kind 1, events from two pair lists: nb, nn (u8, 0 .. EO_VEC_EVENT_PAIRS_MAX), flags (u8: bit 0
       eo_pairs_sort the first list, bit 1 the second), events capacity (u8, 0 ..
       EO_VEC_EVENTS_SHOWN), then nb pairs and nn pairs (a, b: u8 each); eo_pairs_events(first,
       second) after the sorts.
     result EO_VEC_MOVE_RESULT_SIZE bytes:
       events: eo_pairs_events' eo_result (u8), the pair counts before and after (u8: kind 0 the
         sorted pairs found; kind 1 the lists' lengths, after a sort what it kept), began, stayed,
         ended counts (u8), the first EO_VEC_EVENTS_SHOWN pairs of each list (a, b: u8; zero past
         the count or the capacity; all zero on an error other than EO_ERR_BUFFER_TOO_SMALL);
       per mover (EO_VEC_MOVERS_MAX, zero past m; kind 1: all zero): eo_move's eo_result (u8),
         x, y after (i16), hit (u8), contact count (u16), the first EO_VEC_MOVE_CONTACTS_SHOWN
         contacts (other: u8, 0xFF a tile; t_num, t_den: u16; x, y: i16; nx, ny: i8; face,
         response: u8; zero past the count or the capacity). */
#ifndef EARLYOUT_TESTS_VECTORS_H
#define EARLYOUT_TESTS_VECTORS_H

#include <stdint.h>

#define EO_VEC_HEADER_SIZE 8u

#define EO_VEC_MODULE_GRIDMASK 1u
#define EO_VEC_GRIDMASK_CASE_SIZE 18u
#define EO_VEC_GRIDMASK_RESULT_SIZE 10u

#define EO_VEC_MODULE_AABB 2u
#define EO_VEC_AABB_CASE_SIZE 18u
#define EO_VEC_AABB_RESULT_SIZE 2u

#define EO_VEC_MODULE_SECTORS 3u
#define EO_VEC_SCENE_MAX 32u
#define EO_VEC_PAIRS_SHOWN 24u
/* The eo_index words of a sectors grid of up to 16 x 12 sectors, 255 memberships and
   EO_VEC_SCENE_MAX objects (the broadphase and query records' grids), with the objects' extents
   in the 32-bit builds. */
#define EO_VEC_EXTENT_WORDS (EO_COORD_BITS >= 32 ? sizeof(eo_sectors_extent) * EO_VEC_SCENE_MAX / sizeof(eo_index) : 0u)
#define EO_VEC_GRID_WORDS ((16u * 12u + 1u) + 16u * 12u + 255u + EO_VEC_EXTENT_WORDS + \
                           (4u * sizeof(eo_sectors_cell) * EO_VEC_SCENE_MAX + sizeof(eo_index) - 1u) / sizeof(eo_index))
#define EO_VEC_SECTORS_RESULT_SIZE (9u + 2u * EO_VEC_PAIRS_SHOWN + 6u + 2u * EO_VEC_PAIRS_SHOWN + 5u + 2u * EO_VEC_PAIRS_SHOWN)

#define EO_VEC_MODULE_PIXELMASK 4u
#define EO_VEC_SPRITE_MAX 32u
#define EO_VEC_PIXELMASK_RESULT_SIZE 14u

#define EO_VEC_MODULE_TILES 5u
#define EO_VEC_TILE_MAPS_MAX 24u
#define EO_VEC_TILE_CELLS_MAX 768u   /* 32 x 24, the MSX screen in 8 px tiles */
#define EO_VEC_TILE_ROWS_MAX 64u
#define EO_VEC_USER_SLOPES_MAX 2u
#define EO_VEC_PROBES_MAX 32u
#define EO_VEC_TILES_CASE_SIZE 17u
#define EO_VEC_TILES_RESULT_SIZE 24u
#define EO_VEC_MOVER_FRAMES_MAX 48u

#define EO_VEC_MODULE_QUERY 6u
#define EO_VEC_QUERY_SHOWN 6u
#define EO_VEC_HITS_SHOWN 2u
#define EO_VEC_SEGMENTS_MAX 2u
#define EO_VEC_HIT_SIZE 10u
#define EO_VEC_QUERY_RESULT_SIZE (2u + 4u * (3u + EO_VEC_QUERY_SHOWN) + \
                                  EO_VEC_SEGMENTS_MAX * (3u + EO_VEC_HITS_SHOWN * EO_VEC_HIT_SIZE + 2u + EO_VEC_HIT_SIZE))

#define EO_VEC_MODULE_RAYCAST 7u
#define EO_VEC_RAYCAST_CASE_SIZE 12u
#define EO_VEC_RAYCAST_VISITS_MAX 32u
#define EO_VEC_RAYCAST_RESULT_SIZE 41u

#define EO_VEC_MODULE_CONTACT 8u
#define EO_VEC_CONTACT_CASE_SIZE 50u
#define EO_VEC_CONTACT_RESULT_SIZE 20u

#define EO_VEC_MODULE_MOVE 9u
#define EO_VEC_MOVE_BOXES_MAX 12u
#define EO_VEC_MOVERS_MAX 3u
#define EO_VEC_MOVE_CONTACTS_MAX 8u
#define EO_VEC_MOVE_CONTACTS_SHOWN 2u
#define EO_VEC_MOVE_CONTACT_SIZE 13u
#define EO_VEC_EVENTS_SHOWN 4u
#define EO_VEC_EVENT_PAIRS_MAX 8u
#define EO_VEC_MOVE_MAP_W_MAX 32u
#define EO_VEC_MOVE_MAP_H_MAX 24u
#define EO_VEC_MOVE_PAIRS_MAX (EO_VEC_MOVE_BOXES_MAX * (EO_VEC_MOVE_BOXES_MAX - 1u) / 2u)
#define EO_VEC_MOVE_EVENTS_SIZE (6u + 3u * 2u * EO_VEC_EVENTS_SHOWN)
#define EO_VEC_MOVER_RESULT_SIZE (8u + EO_VEC_MOVE_CONTACTS_SHOWN * EO_VEC_MOVE_CONTACT_SIZE)
#define EO_VEC_MOVE_RESULT_SIZE (EO_VEC_MOVE_EVENTS_SIZE + EO_VEC_MOVERS_MAX * EO_VEC_MOVER_RESULT_SIZE)

/* Module groups compiled into the runner (all by default): the MSX build makes one ROM per
   group, as the whole core does not fit one 32 KiB cartridge. A module compiled out reads as
   unknown (the file is refused). */
#ifndef EO_VEC_BROADPHASE
#define EO_VEC_BROADPHASE 1   /* gridmask, aabb, sectors (and sweep) */
#endif
#ifndef EO_VEC_PIXELMASK
#define EO_VEC_PIXELMASK 1    /* pixelmask */
#endif
#ifndef EO_VEC_TILES
#define EO_VEC_TILES 1        /* tiles and slopes */
#endif
#ifndef EO_VEC_RAYCAST
#define EO_VEC_RAYCAST 1      /* raycast (over tile maps) */
#endif
#ifndef EO_VEC_QUERY
#define EO_VEC_QUERY 1        /* query (with sectors and sweep) */
#endif
#ifndef EO_VEC_CONTACT
#define EO_VEC_CONTACT 1      /* contact: push-out and time of impact */
#endif
#ifndef EO_VEC_MOVE
#define EO_VEC_MOVE 1         /* move and events (with sectors and tiles) */
#endif

/// Runs the vectors in `in`; returns the number of result bytes written to `out`, or 0 when the
/// file is malformed (bad magic, unknown module, truncated, a scene too large) or `out` is too small.
uint16_t eo_vectors_run(const uint8_t *in, uint16_t in_len, uint8_t *out, uint16_t out_cap);

#endif
