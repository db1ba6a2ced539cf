/*
 * libFuzzer harness: the gateway's side of the sealed records (lwc/records.h). The first input
 * byte chooses:
 *   even: the rest is a record. lwc_record_parse must give the verdict of the format read
 *     here from the bytes (short, version, suite) and, when it accepts, the fields as the
 *     format places them; lwc_record_open under the fixed key of the record's suite (node key
 *     00 01 .. 0f, whatever the node) may accept it only if the sealer, set to the record's
 *     header, seals its payload to exactly these bytes; a refusal (LWC_E_AUTH) leaves the
 *     payload all zero. The corpus starts from genuine records of every suite.
 *   odd: the rest is a sequence of counters (a flag byte and a delta each) given to a replay
 *     window, checked and updated, against a reference: the counters accepted so far and the
 *     rule of RFC 4303 for a window of 64.
 */
#include "../common/record_table.h"
#include "fuzz_input.h"

#define MAX_RECORD 300
#define MAX_COUNTERS 512

static const uint8_t node_key[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

static void fuzz_open(const uint8_t *record, size_t len)
{
    lwc_record_info info;
    const int r = lwc_record_parse(&info, record, len);
    test_record_suite t;
    const int known = len >= 1 && test_record_suite_row(record[0] & 15, &t) == 0;
    const int want = len < LWC_RECORD_OVERHEAD_BYTES     ? LWC_E_RECORD_SHORT
                     : record[0] >> 4 != 1               ? LWC_E_RECORD_VERSION
                     : !known                            ? LWC_E_RECORD_SUITE
                                                         : 0;
    FUZZ_ASSERT(r == want);
    if (r)
        return;
    const uint64_t counter = (uint64_t)record[6] << 40 | (uint64_t)record[7] << 32 | (uint64_t)record[8] << 24 |
                             (uint64_t)record[9] << 16 | (uint64_t)record[10] << 8 | record[11];
    FUZZ_ASSERT(info.version == 1 && info.suite == (record[0] & 15) && info.epoch == record[5] &&
                info.node_id == ((uint32_t)record[1] << 24 | (uint32_t)record[2] << 16 | (uint32_t)record[3] << 8 |
                                 record[4]) &&
                info.counter == counter && info.payload_len == len - LWC_RECORD_OVERHEAD_BYTES &&
                memcmp(info.header, record, LWC_RECORD_HEADER_BYTES) == 0);
    lwc_record_key k;
    uint8_t payload[MAX_RECORD], again[MAX_RECORD];
    FUZZ_ASSERT(lwc_record_setkey(&k, info.suite, node_key) == 0);
    memset(payload, 0xa5, sizeof payload);
    const int opened = lwc_record_open(&k, payload, sizeof payload, &info, record, len);
    if (opened == 0) {
        lwc_sealer s;
        test_record_key sk;
        FUZZ_ASSERT(t.sealer_init(&s, &sk, node_key, info.node_id, info.epoch, (uint32_t)(counter >> 24)) == 0);
        memcpy(s.header + 9, record + 9, 3);
        FUZZ_ASSERT(lwc_seal(&s, again, sizeof again, payload, info.payload_len) == 0 &&
                    memcmp(again, record, len) == 0);
    } else {
        FUZZ_ASSERT(opened == LWC_E_AUTH);
        for (size_t i = 0; i < info.payload_len; i++)
            FUZZ_ASSERT(payload[i] == 0);
    }
}

static void fuzz_window(fuzz_input *in)
{
    static uint64_t accepted[MAX_COUNTERS];
    size_t n = 0;
    lwc_replay_window w;
    lwc_replay_init(&w);
    uint64_t base = (uint64_t)fuzz_u16(in) << 32 | (uint64_t)fuzz_u16(in) << 8;
    while (in->left && n < MAX_COUNTERS) {
        const uint8_t flags = fuzz_u8(in), delta = fuzz_u8(in);
        /* Forward by delta (or delta << 8), or back by it; flag 0x10: check only. */
        const uint64_t step = flags & 2 ? (uint64_t)delta << 8 : delta;
        const uint64_t c = flags & 1 ? (base >= step ? base - step : 0) : base + step;
        if (!(flags & 1) && flags & 4)
            base = c;
        uint64_t highest = 0;
        int want = 0, seen = 0;
        for (size_t i = 0; i < n; i++) {
            highest = accepted[i] > highest ? accepted[i] : highest;
            seen |= accepted[i] == c;
        }
        if (n && c <= highest)
            want = highest - c >= LWC_REPLAY_WINDOW ? LWC_E_STALE : seen ? LWC_E_REPLAY : 0;
        FUZZ_ASSERT(lwc_replay_check(&w, c) == want);
        if (flags & 0x10)
            continue;
        FUZZ_ASSERT(lwc_replay_update(&w, c) == want);
        if (want == 0)
            accepted[n++] = c;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size};
    if (fuzz_u8(&in) % 2 == 0)
        fuzz_open(in.p, in.left < MAX_RECORD ? in.left : MAX_RECORD);
    else
        fuzz_window(&in);
    return 0;
}
