// Box2D 2.4.1's broadphase (Debian libbox2d-dev) driven the way b2World drives it, for
// bench_broadphase.c: one proxy per box, MoveProxy for each box every frame, UpdatePairs into a
// pair cache (b2ContactManager's job: a pair stays cached while its fat AABBs overlap), then the
// exact box test on each cached pair. Box2D works in float metres: boxes are scaled by 1/16
// (a 16 px sprite is 1 m, inside Box2D's recommended 0.1 .. 10 m), so its fat-AABB margin
// (b2_aabbExtension, 0.1 m) is 1.6 px.
#include <box2d/b2_broad_phase.h>

#include <cstdint>
#include <unordered_set>
#include <vector>

extern "C" {
#include "earlyout/aabb.h"
}
#include "box2d_broadphase.h"

namespace {

const float kPxToMetres = 1.0f / 16.0f;

b2AABB to_aabb(const eo_box &b)
{
    b2AABB a;
    a.lowerBound.Set(static_cast<float>(b.x) * kPxToMetres, static_cast<float>(b.y) * kPxToMetres);
    a.upperBound.Set(static_cast<float>(b.x + b.w) * kPxToMetres, static_cast<float>(b.y + b.h) * kPxToMetres);
    return a;
}

uint64_t key(uint32_t a, uint32_t b)
{
    return a < b ? (static_cast<uint64_t>(a) << 32 | b) : (static_cast<uint64_t>(b) << 32 | a);
}

}  // namespace

struct box2d_bp {
    b2BroadPhase bp;
    std::vector<int32> proxy;        // proxy id of each box
    std::vector<eo_box> last;        // the boxes as of the last frame (for MoveProxy's displacement)
    std::unordered_set<uint64_t> cache;

    // UpdatePairs' callback: a new candidate pair (fat AABBs overlap).
    void AddPair(void *a, void *b)
    {
        cache.insert(key(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(a)),
                         static_cast<uint32_t>(reinterpret_cast<uintptr_t>(b))));
    }
};

extern "C" box2d_bp *box2d_bp_create(const eo_box *boxes, uint32_t n)
{
    box2d_bp *h = new box2d_bp;
    h->proxy.resize(n);
    h->last.assign(boxes, boxes + n);
    h->cache.reserve(4u * n);
    for (uint32_t i = 0; i < n; i++)
        h->proxy[i] = h->bp.CreateProxy(to_aabb(boxes[i]), reinterpret_cast<void *>(static_cast<uintptr_t>(i)));
    h->bp.UpdatePairs(h);
    return h;
}

extern "C" uint32_t box2d_bp_frame(box2d_bp *h, const eo_box *boxes, uint32_t n, eo_pair *out, uint32_t cap)
{
    uint32_t found = 0;
    for (uint32_t i = 0; i < n; i++) {
        b2Vec2 d(static_cast<float>(boxes[i].x - h->last[i].x) * kPxToMetres,
                 static_cast<float>(boxes[i].y - h->last[i].y) * kPxToMetres);
        h->bp.MoveProxy(h->proxy[i], to_aabb(boxes[i]), d);
        h->last[i] = boxes[i];
    }
    h->bp.UpdatePairs(h);
    for (auto it = h->cache.begin(); it != h->cache.end();) {
        uint32_t a = static_cast<uint32_t>(*it >> 32), b = static_cast<uint32_t>(*it & 0xFFFFFFFFu);
        if (!h->bp.TestOverlap(h->proxy[a], h->proxy[b])) {
            it = h->cache.erase(it);  // fat AABBs apart: b2ContactManager destroys the contact
            continue;
        }
        if (eo_aabb_overlap(&boxes[a], &boxes[b])) {
            if (found < cap) {
                out[found].a = static_cast<decltype(out[found].a)>(a);
                out[found].b = static_cast<decltype(out[found].b)>(b);
            }
            found++;
        }
        ++it;
    }
    return found;
}

extern "C" void box2d_bp_destroy(box2d_bp *h)
{
    delete h;
}
