/*
 * The replay window of the sealed records (lwc/records.h): the sliding bitmap of RFC 4303
 * section 3.4.3 and RFC 6479, 64 counters wide.
 */
#include "records_internal.h"

void lwc_replay_init(lwc_replay_window *w)
{
    w->highest = 0;
    w->seen = 0;
}

static int verdict(const lwc_replay_window *w, uint64_t counter)
{
    if (!w->seen || counter > w->highest)
        return 0;
    const uint64_t age = w->highest - counter;
    if (age >= LWC_REPLAY_WINDOW)
        return LWC_E_STALE;
    return w->seen >> age & 1 ? LWC_E_REPLAY : 0;
}

int lwc_replay_check(const lwc_replay_window *w, uint64_t counter)
{
    return w ? verdict(w, counter) : LWC_E_NULL_POINTER;
}

int lwc_replay_update(lwc_replay_window *w, uint64_t counter)
{
    if (!w)
        return LWC_E_NULL_POINTER;
    const int err = verdict(w, counter);
    if (err)
        return err;
    if (!w->seen) {
        w->seen = 1;
        w->highest = counter;
    } else if (counter > w->highest) {
        const uint64_t shift = counter - w->highest;
        w->seen = shift < LWC_REPLAY_WINDOW ? w->seen << shift | 1 : 1;
        w->highest = counter;
    } else {
        w->seen |= (uint64_t)1 << (w->highest - counter);
    }
    return 0;
}
