/* playground/scenes.c: the scene registry, in the order the [ ] keys step through them.
   A new scene is one scene_<id>.c exporting `const pg_scene pg_scene_<id>` and one line here. */
#include "scene.h"

#define PG_SCENE_LIST(X) \
    X(warzone)           \
    X(stress)            \
    X(platformer)        \
    X(sprites)           \
    X(msx)               \
    X(arena)

#define PG_DECLARE_(id) extern const pg_scene pg_scene_##id;
PG_SCENE_LIST(PG_DECLARE_)
#undef PG_DECLARE_

#define PG_ENTRY_(id) &pg_scene_##id,
const pg_scene *const pg_scenes[] = { PG_SCENE_LIST(PG_ENTRY_) };
#undef PG_ENTRY_

const int pg_scene_count = (int)(sizeof pg_scenes / sizeof pg_scenes[0]);
