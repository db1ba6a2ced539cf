/*
 * Host benchmark (make bench, x86-64): lwc's CTR beside Crypto++ (LEA, HIGHT, CHAM) and
 * OpenSSL (AES-128) in one run, on one core. Two workloads per cipher: 1 MiB in one CTR
 * call, and 64-byte records (16384 of them, one key, each with its own IV: lwc sets the
 * counter of a context built once, as lwc_X_ctr_setiv will; Crypto++ Resynchronize;
 * OpenSSL EVP_EncryptInit_ex with the IV), plus lwc's batch entry point for the records
 * (lwc_simd_ctr_records_X) and lwc's portable C (LWC_SIMD level forced to portable), and
 * lwc's EAX and CCM encryption on the portable C over 4 KiB messages. Ascon-AEAD128: 64-byte
 * and 16 KiB messages with 8 bytes of AD and a 16-byte tag, lwc's single call, its batch
 * (lwc_ascon_aead128_encrypt_many over all the messages at once), and ascon-c's opt64 and
 * avx512 where mk/bench.mk links them (ASCON_C_opt64, ASCON_C_avx512), each checked on the KAT
 * file given as the argument first (as lwc's single and batch calls are).
 * Every (cipher, implementation, workload) is measured once per repetition, interleaved
 * (each repetition starting at another row), REPS times; the medians are printed. Times are rdtsc ticks (TSC ticks per byte), not
 * core cycles: ratios between implementations are what compare.
 *
 * Crypto++ implements the ORIGINAL CHAM (80 / 80 / 96 rounds); lwc the revised one (88 /
 * 112 / 120): the CSV gives each row's rounds, and ratios are taken per round.
 *
 * Output: CSV on stdout (# lines: CPU, SIMD level, path per cipher), a summary on stderr.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <sched.h>
#include <x86intrin.h>

#include <crypto++/cham.h>
#include <crypto++/hight.h>
#include <crypto++/lea.h>
#include <crypto++/modes.h>
#include <openssl/evp.h>

extern "C" {
#include "../src/common/lwc_simd.h"

/* ascon-c's eBACS entry points, renamed per build (mk/bench.mk). */
#define ASCON_C_DECLARE(impl)                                                                               \
    int ascon_c_##impl##_encrypt(unsigned char *c, unsigned long long *clen, const unsigned char *m,       \
                                 unsigned long long mlen, const unsigned char *ad, unsigned long long adlen, \
                                 const unsigned char *nsec, const unsigned char *npub, const unsigned char *k);
#ifdef ASCON_C_opt64
ASCON_C_DECLARE(opt64)
#endif
#ifdef ASCON_C_avx512
ASCON_C_DECLARE(avx512)
#endif
}

namespace {

const size_t BULK = 1 << 20, RECORD = 64, RECORDS = BULK / RECORD;
const int REPS = 21;

std::vector<uint8_t> buffer(BULK), ivs(RECORDS * 16);
std::vector<size_t> record_lens(RECORDS, RECORD);

/* One measurement: run(), ticks per byte of BULK. */
double ticks_per_byte(const std::function<void()> &run)
{
    const unsigned long long t0 = __rdtsc();
    run();
    return (double)(__rdtsc() - t0) / BULK;
}

struct Row {
    std::string cipher, impl, workload;
    int rounds;
    std::function<void()> run;
    std::vector<double> samples;
};

/* f with lwc's SIMD level forced to portable C. */
std::function<void()> portable(std::function<void()> f)
{
    return [f] {
        const unsigned level = lwc_simd_level();
        lwc_simd_force(LWC_SIMD_PORTABLE);
        f();
        lwc_simd_force(level);
    };
}

/* lwc: a context built once; bulk = one ctr_crypt call, records = counter set + call. */
template <typename Ctx, typename Key>
void add_lwc(std::vector<Row> &rows, const char *name, int rounds, size_t block,
             void (*init)(Ctx *, const uint8_t *, const uint8_t *),
             void (*crypt)(Ctx *, uint8_t *, const uint8_t *, size_t),
             void (*batch)(const Key *, uint8_t *, const uint8_t *, const size_t *, const uint8_t *, size_t))
{
    static uint8_t key[32] = {0x0f, 0x1e, 0x2d, 0x3c}, iv[16] = {0xa5};
    Ctx *ctx = new Ctx;
    init(ctx, key, iv);
    auto bulk = [=] { crypt(ctx, buffer.data(), buffer.data(), BULK); };
    auto records = [=] {
        for (size_t r = 0; r < RECORDS; r++) {
            memcpy(ctx->counter, &ivs[r * block], block);
            ctx->used = (uint8_t)block;
            crypt(ctx, &buffer[r * RECORD], &buffer[r * RECORD], RECORD);
        }
    };
    auto batched = [=] { batch(&ctx->ks, buffer.data(), buffer.data(), record_lens.data(), ivs.data(), RECORDS); };
    rows.push_back({name, "lwc", "ctr-1MiB", rounds, bulk, {}});
    rows.push_back({name, "lwc", "records-64B", rounds, records, {}});
    rows.push_back({name, "lwc-batch", "records-64B", rounds, batched, {}});
    rows.push_back({name, "lwc-portable", "ctr-1MiB", rounds, portable(bulk), {}});
    rows.push_back({name, "lwc-portable", "records-64B", rounds, portable(records), {}});
}

/* lwc's EAX or CCM encryption on the portable C, BULK in place in messages of MODE_MESSAGE
 * bytes, each with 8 bytes of associated data, a nonce of nonce_len bytes and an 8-byte tag
 * (as make bench's rows of the 32-bit targets). */
const size_t MODE_MESSAGE = 4096;
template <typename Key>
void add_lwc_mode(std::vector<Row> &rows, const char *name, int rounds, const char *workload, size_t nonce_len,
                  void (*setkey)(Key *, const uint8_t *),
                  int (*encrypt)(const Key *, uint8_t *, uint8_t *, size_t, const uint8_t *, size_t, const uint8_t *,
                                 size_t, const uint8_t *, size_t))
{
    static uint8_t key[32] = {0x0f, 0x1e, 0x2d, 0x3c}, nonce[13] = {0x5a}, ad[8] = {0xad}, tag[8];
    Key *k = new Key;
    setkey(k, key);
    rows.push_back({name, "lwc-portable", workload, rounds, portable([=] {
                        for (size_t m = 0; m < BULK / MODE_MESSAGE; m++)
                            encrypt(k, &buffer[m * MODE_MESSAGE], tag, sizeof tag, nonce, nonce_len, ad, sizeof ad,
                                    &buffer[m * MODE_MESSAGE], MODE_MESSAGE);
                    }), {}});
}

template <typename Cipher>
void add_cryptopp(std::vector<Row> &rows, const char *name, int rounds, size_t key_bytes)
{
    static uint8_t key[32] = {0x0f, 0x1e, 0x2d, 0x3c}, iv[16] = {0xa5};
    auto *enc = new typename CryptoPP::CTR_Mode<Cipher>::Encryption;
    enc->SetKeyWithIV(key, key_bytes, iv, Cipher::BLOCKSIZE);
    rows.push_back({name, "cryptopp", "ctr-1MiB", rounds, [=] { enc->ProcessData(buffer.data(), buffer.data(), BULK); }, {}});
    rows.push_back({name, "cryptopp", "records-64B", rounds, [=] {
                        for (size_t r = 0; r < RECORDS; r++) {
                            enc->Resynchronize(&ivs[r * Cipher::BLOCKSIZE], Cipher::BLOCKSIZE);
                            enc->ProcessData(&buffer[r * RECORD], &buffer[r * RECORD], RECORD);
                        }
                    }, {}});
}

void add_openssl_aes(std::vector<Row> &rows)
{
    static uint8_t key[16] = {0x0f, 0x1e, 0x2d, 0x3c}, iv[16] = {0xa5};
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    EVP_EncryptInit_ex(ctx, EVP_aes_128_ctr(), NULL, key, iv);
    rows.push_back({"aes128", "openssl", "ctr-1MiB", 10, [=] {
                        int n;
                        EVP_EncryptUpdate(ctx, buffer.data(), &n, buffer.data(), (int)BULK);
                    }, {}});
    rows.push_back({"aes128", "openssl", "records-64B", 10, [=] {
                        int n;
                        for (size_t r = 0; r < RECORDS; r++) {
                            EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, &ivs[r * 16]);
                            EVP_EncryptUpdate(ctx, &buffer[r * RECORD], &n, &buffer[r * RECORD], (int)RECORD);
                        }
                    }, {}});
}

/* ---- Ascon-AEAD128 ---- */
typedef int (*ascon_c_encrypt_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                                  const unsigned char *, unsigned long long, const unsigned char *,
                                  const unsigned char *, const unsigned char *);
const size_t ASCON_AD = 8, ASCON_LONG = 16384;
std::vector<uint8_t> ascon_nonces(RECORDS * 16), ascon_ad(RECORDS * ASCON_AD), ascon_tags(RECORDS * 16),
    ascon_out(BULK + RECORDS * 16);
std::vector<size_t> ascon_ad_lens(RECORDS, ASCON_AD);

/* One vector of the KAT file: its fields decoded. */
struct AsconKat {
    std::vector<uint8_t> key, nonce, pt, ad, ct;
};

std::vector<uint8_t> unhex(const char *s)
{
    std::vector<uint8_t> v;
    for (; s[0] && s[1] && s[0] != '\n'; s += 2) {
        unsigned b;
        sscanf(s, "%2x", &b);
        v.push_back((uint8_t)b);
    }
    return v;
}

std::vector<AsconKat> read_ascon_kats(const char *path)
{
    std::vector<AsconKat> kats;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "bench_host: cannot read %s\n", path);
        exit(1);
    }
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        const char *eq = strstr(line, " = ");
        const char *value = eq ? eq + 3 : "";
        if (strncmp(line, "Count", 5) == 0)
            kats.emplace_back();
        else if (kats.empty() || !eq)
            continue;
        else if (strncmp(line, "Key ", 4) == 0)
            kats.back().key = unhex(value);
        else if (strncmp(line, "Nonce ", 6) == 0)
            kats.back().nonce = unhex(value);
        else if (strncmp(line, "PT ", 3) == 0)
            kats.back().pt = unhex(value);
        else if (strncmp(line, "AD ", 3) == 0)
            kats.back().ad = unhex(value);
        else if (strncmp(line, "CT ", 3) == 0)
            kats.back().ct = unhex(value);
    }
    fclose(f);
    if (kats.size() < 1000) {
        fprintf(stderr, "bench_host: %s: %zu vectors, expected the 1089 of the KAT file\n", path, kats.size());
        exit(1);
    }
    return kats;
}

/* Every KAT vector through one encryption (ciphertext || tag); exits unless all match. */
void check_ascon_kats(const std::vector<AsconKat> &kats, const char *name,
                      const std::function<std::vector<uint8_t>(const AsconKat &)> &encrypt)
{
    for (const AsconKat &v : kats)
        if (encrypt(v) != v.ct) {
            fprintf(stderr, "bench_host: %s fails the Ascon-AEAD128 KAT, not measured\n", name);
            exit(1);
        }
    fprintf(stderr, "  %s: %zu Ascon-AEAD128 KAT vectors passed\n", name, kats.size());
}

/* The messages of msg bytes that fill BULK, each with its nonce and 8 bytes of AD. */
void add_ascon(std::vector<Row> &rows, const std::vector<AsconKat> &kats)
{
    static uint8_t key[16] = {0x0f, 0x1e, 0x2d, 0x3c};
    static lwc_ascon_aead128_key k;
    lwc_ascon_aead128_setkey(&k, key);
    check_ascon_kats(kats, "lwc", [](const AsconKat &v) {
        lwc_ascon_aead128_key kk;
        lwc_ascon_aead128_setkey(&kk, v.key.data());
        std::vector<uint8_t> out(v.pt.size() + 16);
        lwc_ascon_aead128_encrypt(&kk, out.data(), out.data() + v.pt.size(), 16, v.nonce.data(), 16, v.ad.data(),
                                  v.ad.size(), v.pt.data(), v.pt.size());
        return out;
    });
    check_ascon_kats(kats, "lwc-batch", [](const AsconKat &v) {
        lwc_ascon_aead128_key kk;
        lwc_ascon_aead128_setkey(&kk, v.key.data());
        std::vector<uint8_t> out(v.pt.size() + 16);
        const size_t ad_len = v.ad.size(), len = v.pt.size();
        lwc_ascon_aead128_encrypt_many(&kk, out.data(), out.data() + len, 16, v.nonce.data(), v.ad.data(), &ad_len,
                                       v.pt.data(), &len, 1);
        return out;
    });
    std::vector<std::pair<const char *, ascon_c_encrypt_fn>> peers;
#ifdef ASCON_C_opt64
    peers.push_back({"ascon-c-opt64", ascon_c_opt64_encrypt});
#endif
#ifdef ASCON_C_avx512
    peers.push_back({"ascon-c-avx512", ascon_c_avx512_encrypt});
#endif
    for (auto &p : peers) {
        const ascon_c_encrypt_fn f = p.second;
        check_ascon_kats(kats, p.first, [f](const AsconKat &v) {
            std::vector<uint8_t> out(v.pt.size() + 16);
            unsigned long long clen;
            f(out.data(), &clen, v.pt.data(), v.pt.size(), v.ad.data(), v.ad.size(), NULL, v.nonce.data(),
              v.key.data());
            return out;
        });
    }
    for (size_t msg : {RECORD, ASCON_LONG}) {
        const size_t n = BULK / msg;
        const std::string workload = msg == RECORD ? "aead-64B" : "aead-16KiB";
        auto *lens = new std::vector<size_t>(n, msg);
        rows.push_back({"ascon_aead128", "lwc", workload, 12, [=] {
                            for (size_t m = 0; m < n; m++)
                                lwc_ascon_aead128_encrypt(&k, &buffer[m * msg], &ascon_tags[16 * m], 16,
                                                          &ascon_nonces[16 * m], 16, &ascon_ad[ASCON_AD * m],
                                                          ASCON_AD, &buffer[m * msg], msg);
                        }, {}});
        rows.push_back({"ascon_aead128", "lwc-batch", workload, 12, [=] {
                            lwc_ascon_aead128_encrypt_many(&k, buffer.data(), ascon_tags.data(), 16,
                                                           ascon_nonces.data(), ascon_ad.data(), ascon_ad_lens.data(),
                                                           buffer.data(), lens->data(), n);
                        }, {}});
        for (auto &p : peers) {
            const ascon_c_encrypt_fn f = p.second;
            rows.push_back({"ascon_aead128", p.first, workload, 12, [=] {
                                unsigned long long clen;
                                for (size_t m = 0; m < n; m++)
                                    f(&ascon_out[m * (msg + 16)], &clen, &buffer[m * msg], msg,
                                      &ascon_ad[ASCON_AD * m], ASCON_AD, NULL, &ascon_nonces[16 * m], key);
                            }, {}});
        }
    }
}

std::string cpu_model()
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    std::string model = "unknown";
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            model = strchr(line, ':') + 2;
            model.erase(model.find_last_not_of(" \n") + 1);
            break;
        }
    if (f)
        fclose(f);
    return model;
}

} // namespace

#define LWC_ROW(X, rounds, block) \
    add_lwc<lwc_##X##_ctr, lwc_##X##_key>(rows, #X, rounds, block, lwc_##X##_ctr_init, lwc_##X##_ctr_crypt, \
                                          lwc_simd_ctr_records_##X);                                          \
    add_lwc_mode(rows, #X, rounds, "eax-4KiB", 12, lwc_##X##_eax_setkey, lwc_##X##_eax_encrypt)
#define LWC_CCM_ROW(X, rounds) add_lwc_mode(rows, #X, rounds, "ccm-4KiB", 13, lwc_##X##_ccm_setkey, lwc_##X##_ccm_encrypt)

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench_host LWC_AEAD_KAT_128_128.txt (Ascon-AEAD128's KAT, checked before measuring)\n");
        return 2;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu(), &one);
    sched_setaffinity(0, sizeof one, &one); /* one core: no migration between samples */
    for (size_t i = 0; i < ivs.size(); i++)
        ivs[i] = (uint8_t)(i * 131 + 7);
    for (size_t i = 0; i < ascon_nonces.size(); i++)
        ascon_nonces[i] = (uint8_t)(i * 37 + 11);

    std::vector<Row> rows;
    LWC_ROW(present80, 31, 8);
    LWC_ROW(present128, 31, 8);
    LWC_ROW(lea128, 24, 16);
    LWC_CCM_ROW(lea128, 24);
    add_cryptopp<CryptoPP::LEA>(rows, "lea128", 24, 16);
    LWC_ROW(lea192, 28, 16);
    LWC_CCM_ROW(lea192, 28);
    add_cryptopp<CryptoPP::LEA>(rows, "lea192", 28, 24);
    LWC_ROW(lea256, 32, 16);
    LWC_CCM_ROW(lea256, 32);
    add_cryptopp<CryptoPP::LEA>(rows, "lea256", 32, 32);
    LWC_ROW(hight, 32, 8);
    add_cryptopp<CryptoPP::HIGHT>(rows, "hight", 32, 16);
    LWC_ROW(cham64_128, LWC_CHAM64_128_ROUNDS, 8);
    add_cryptopp<CryptoPP::CHAM64>(rows, "cham64_128", 80, 16);
    LWC_ROW(cham128_128, LWC_CHAM128_128_ROUNDS, 16);
    LWC_CCM_ROW(cham128_128, LWC_CHAM128_128_ROUNDS);
    add_cryptopp<CryptoPP::CHAM128>(rows, "cham128_128", 80, 16);
    LWC_ROW(cham128_256, LWC_CHAM128_256_ROUNDS, 16);
    LWC_CCM_ROW(cham128_256, LWC_CHAM128_256_ROUNDS);
    add_cryptopp<CryptoPP::CHAM128>(rows, "cham128_256", 96, 32);
    LWC_ROW(aes128, 10, 16);
    LWC_CCM_ROW(aes128, 10);
    add_openssl_aes(rows);
    add_ascon(rows, read_ascon_kats(argv[1]));

    for (Row &r : rows) /* warm-up: first touches, frequency */
        r.run();
    /* Each repetition starts at another row, so that no row always follows the same one. */
    for (int rep = 0; rep < REPS; rep++)
        for (size_t i = 0; i < rows.size(); i++) {
            Row &r = rows[(i + (size_t)rep * 7) % rows.size()];
            r.samples.push_back(ticks_per_byte(r.run));
        }

    const lwc_simd_kernel kernels[] = {
        lwc_simd_kernel_present(), lwc_simd_kernel_lea128(), lwc_simd_kernel_hight(),
        lwc_simd_kernel_cham64_128(), lwc_simd_kernel_cham128_128(), lwc_simd_kernel_aes128()};
    const char *families[] = {"present", "lea", "hight", "cham64", "cham128", "aes128"};
    printf("# cpu,%s\n# simd_level,%s\n", cpu_model().c_str(), lwc_simd_level_name(lwc_simd_level()));
    fprintf(stderr, "host bench: %s, lwc SIMD level %s; TSC ticks per byte, median of %d\n",
            cpu_model().c_str(), lwc_simd_level_name(lwc_simd_level()), REPS);
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        printf("# path,%s,%s,%u\n", families[i], kernels[i].name, kernels[i].width);
        fprintf(stderr, "  path %-8s %s, %u blocks per pass\n", families[i], kernels[i].name, kernels[i].width);
    }
    printf("cipher,impl,workload,rounds,median,min,max\n");
    for (Row &r : rows) {
        std::vector<double> s = r.samples;
        std::sort(s.begin(), s.end());
        printf("%s,%s,%s,%d,%.3f,%.3f,%.3f\n", r.cipher.c_str(), r.impl.c_str(), r.workload.c_str(), r.rounds,
               s[s.size() / 2], s.front(), s.back());
        fprintf(stderr, "  %-12s %-13s %-12s %8.3f\n", r.cipher.c_str(), r.impl.c_str(), r.workload.c_str(),
                s[s.size() / 2]);
    }
    return 0;
}
