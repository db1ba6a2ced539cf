/*
 * lwc._lwc: the CPython extension behind the Python package lwc (python/lwc/__init__.py
 * documents the API; _lwc.pyi types it). It calls the library compiled from src/ by
 * setup.py.
 *
 * Secrets: keys, key schedules, CTR contexts and DRBG states live in C memory that is wiped
 * (lwc_wipe, lwc_D_drbg_wipe) before it is freed; the binding copies no key, entropy or
 * keystream into Python objects, and wipes the CTR contexts it copies on the stack.
 * A Cipher keeps two schedules built once: the block key schedule and a CTR context
 * template (ctr_init with a zero IV). Streams start from a copy of the template and
 * lwc_X_ctr_setiv; record batches run on the key schedule through the library's SIMD batch
 * (lwc_simd_ctr_records_X) on x86-64 and aarch64, else on a copy of the template record by
 * record. No CTR call after Cipher() runs the key schedule again. The authenticated modes
 * (lwc/modes.h, through tests/common/mode_table.c) have keys of their own (CMAC subkeys,
 * EAX's precomputed blocks, CCM's CTR context): each is set up on the first call of its
 * mode, from a copy of the key the Cipher keeps (a key schedule reveals the key anyway),
 * so that Cipher() costs CTR users nothing more. A CmacStream's state points at its
 * Cipher's CMAC key, and the stream holds a reference to the Cipher.
 *
 * Threads: calls that process at least GIL_RELEASE_BYTES release the GIL. A Cipher is
 * read-only after construction but for its mode keys, each set up once, before the GIL is
 * released, so any number of threads may use one at once; a CtrStream, CmacStream or Drbg
 * changes state, so each holds a lock that serialises its own calls.
 *
 * Signatures: every docstring starts "name($self, ...)\n--\n\n", CPython's form of a
 * text signature, so that inspect.signature works on every function and method.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <string.h>

#include "lwc.h"
#include "lwc_simd.h" /* src/common: the batch entry points of the host SIMD builds */
#include "cipher_table.h" /* tests/common */
#include "mode_table.h"
#include "spec_vectors.h"

/* Below this many bytes a call keeps the GIL: releasing it costs more than it frees. */
#define GIL_RELEASE_BYTES 4096
/* Runs the statement, without the GIL if n >= GIL_RELEASE_BYTES. */
#define WITHOUT_GIL_IF(n, ...)                                                                  \
    do {                                                                                        \
        if ((n) >= GIL_RELEASE_BYTES) {                                                         \
            Py_BEGIN_ALLOW_THREADS                                                              \
            __VA_ARGS__;                                                                        \
            Py_END_ALLOW_THREADS                                                                \
        } else {                                                                                \
            __VA_ARGS__;                                                                        \
        }                                                                                       \
    } while (0)

/* ---- the ciphers ----------------------------------------------------------------------- */

/*
 * n records of one key, back to back in data (record r: lens[r] bytes), encrypted in place,
 * record r's keystream starting at ivs + r * block_bytes. ks: the key schedule; ctx: a CTR
 * context of the key, for builds without the SIMD batch.
 */
typedef void (*records_fn)(const void *ks, void *ctx, uint8_t *data, const size_t *lens, const uint8_t *ivs,
                           size_t n);

/* A cipher: its sizes, its entry points (tests/common/cipher_table.c and mode_table.c, the
 * tables of uniform entry points for every cipher and its modes) and its batch. t and m are
 * set when the module loads. */
typedef int (*cmac_verify_fn)(const void *k, const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len);

typedef struct {
    const char *id;
    Py_ssize_t block_bytes, key_bytes;
    size_t key_size, ctr_size; /* sizeof the key schedule and of the CTR context */
    const test_cipher *t;
    const test_mode_cipher *m;
    records_fn ctr_records;
    cmac_verify_fn cmac_verify; /* lwc_X_cmac_verify (not in the mode table, which firmware links) */
} cipher_def;

/* M(id, ID) for every cipher, in the order of lwc.CIPHERS. */
#define LWC_CIPHER_LIST(M)                                                                      \
    M(present80, PRESENT80)                                                                     \
    M(present128, PRESENT128)                                                                   \
    M(lea128, LEA128)                                                                           \
    M(lea192, LEA192)                                                                           \
    M(lea256, LEA256)                                                                           \
    M(hight, HIGHT)                                                                             \
    M(cham64_128, CHAM64_128)                                                                   \
    M(cham128_128, CHAM128_128)                                                                 \
    M(cham128_256, CHAM128_256)                                                                 \
    M(aes128, AES128)

/*
 * The batch: on host SIMD builds the library's lwc_simd_ctr_records_X, whose kernels take
 * the blocks of several records per pass; elsewhere record by record, setiv then crypt.
 */
#if LWC_HOST_SIMD
#define CIPHER_RECORDS(X, U)                                                                    \
    static void X##_records(const void *ks, void *ctx, uint8_t *data, const size_t *lens,       \
                            const uint8_t *ivs, size_t n)                                       \
    {                                                                                           \
        (void)ctx;                                                                              \
        lwc_simd_ctr_records_##X(ks, data, data, lens, ivs, n);                                 \
    }
#else
#define CIPHER_RECORDS(X, U)                                                                    \
    static void X##_records(const void *ks, void *ctx, uint8_t *data, const size_t *lens,       \
                            const uint8_t *ivs, size_t n)                                       \
    {                                                                                           \
        (void)ks;                                                                               \
        for (size_t r = 0; r < n; data += lens[r++]) {                                          \
            lwc_##X##_ctr_setiv(ctx, ivs + r * LWC_##U##_BLOCK_BYTES);                          \
            lwc_##X##_ctr_crypt(ctx, data, data, lens[r]);                                      \
        }                                                                                       \
    }
#endif
LWC_CIPHER_LIST(CIPHER_RECORDS)

/* lwc_X_cmac_verify with the key as void * (calling through a cast pointer is UB). */
#define CIPHER_CMAC_VERIFY(X, U)                                                                \
    static int X##_cmac_verify(const void *k, const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len) \
    {                                                                                           \
        return lwc_##X##_cmac_verify(k, tag, tag_len, in, len);                                 \
    }
LWC_CIPHER_LIST(CIPHER_CMAC_VERIFY)

#define CIPHER_ROW(X, U)                                                                        \
    {#X, LWC_##U##_BLOCK_BYTES, LWC_##U##_KEY_BYTES, sizeof(lwc_##X##_key), sizeof(lwc_##X##_ctr), \
     NULL, NULL, X##_records, X##_cmac_verify},
static cipher_def ciphers[] = {LWC_CIPHER_LIST(CIPHER_ROW)};
#define CIPHER_COUNT (sizeof ciphers / sizeof ciphers[0])
#define ID_STRING(X, ...) #X ", "
static const char cipher_ids[] = LWC_CIPHER_LIST(ID_STRING); /* for messages: "present80, ..., aes128, " */

/* Points each cipher at its rows of the cipher and mode tables, which must agree on the sizes. */
static int link_cipher_table(void)
{
    for (size_t i = 0; i < CIPHER_COUNT; i++) {
        cipher_def *c = &ciphers[i];
        c->t = test_cipher_find(c->id);
        c->m = test_mode_cipher_find(c->id);
        if (!c->t || c->t->block_bytes != c->block_bytes || c->t->key_bytes != c->key_bytes ||
            (size_t)c->t->key_size != c->key_size || (size_t)c->t->ctr_size != c->ctr_size || !c->m ||
            c->m->block_bytes != c->block_bytes || c->m->key_bytes != c->key_bytes) {
            PyErr_Format(PyExc_ImportError, "lwc: no row of the cipher or mode table matches %s", c->id);
            return -1;
        }
    }
    return 0;
}

/* Room for any cipher's CTR context on the stack. */
#define CTR_MEMBER(X, U) lwc_##X##_ctr X;
typedef union {
    LWC_CIPHER_LIST(CTR_MEMBER)
} any_ctr;

/* ---- the CTR_DRBGs --------------------------------------------------------------------- */

typedef struct {
    const char *id;
    Py_ssize_t block_bytes, key_bytes, strength; /* security strength in bytes */
    size_t state_size;
    unsigned long long max_request, max_interval;
    int (*instantiate)(void *d, const uint8_t *e, size_t en, const uint8_t *n, size_t nn, const uint8_t *p,
                       size_t pn);
    int (*instantiate_nodf)(void *d, const uint8_t *e, size_t en, const uint8_t *p, size_t pn);
    int (*reseed)(void *d, const uint8_t *e, size_t en, const uint8_t *a, size_t an);
    int (*reseed_nodf)(void *d, const uint8_t *e, size_t en, const uint8_t *a, size_t an);
    int (*generate)(void *d, uint8_t *out, size_t n, const uint8_t *a, size_t an);
    int (*set_interval)(void *d, uint64_t interval);
    void (*wipe)(void *d);
} drbg_def;

/* M(id, ID, security strength in bytes) for every CTR_DRBG, in the order of lwc.DRBG_CIPHERS. */
#define LWC_DRBG_LIST(M)                                                                        \
    M(aes128, AES128, 16)                                                                       \
    M(lea128, LEA128, 16)                                                                       \
    M(lea192, LEA192, 24)                                                                       \
    M(lea256, LEA256, 32)                                                                       \
    M(hight, HIGHT, 16)

#define DRBG_ENTRY_POINTS(D, U, S)                                                              \
    static int D##_drbg_inst(void *d, const uint8_t *e, size_t en, const uint8_t *n, size_t nn,  \
                             const uint8_t *p, size_t pn)                                       \
    {                                                                                           \
        return lwc_##D##_drbg_instantiate(d, e, en, n, nn, p, pn);                              \
    }                                                                                           \
    static int D##_drbg_inst_nodf(void *d, const uint8_t *e, size_t en, const uint8_t *p, size_t pn) \
    {                                                                                           \
        return lwc_##D##_drbg_instantiate_nodf(d, e, en, p, pn);                                \
    }                                                                                           \
    static int D##_drbg_reseed(void *d, const uint8_t *e, size_t en, const uint8_t *a, size_t an) \
    {                                                                                           \
        return lwc_##D##_drbg_reseed(d, e, en, a, an);                                          \
    }                                                                                           \
    static int D##_drbg_reseed_nodf(void *d, const uint8_t *e, size_t en, const uint8_t *a, size_t an) \
    {                                                                                           \
        return lwc_##D##_drbg_reseed_nodf(d, e, en, a, an);                                     \
    }                                                                                           \
    static int D##_drbg_generate(void *d, uint8_t *out, size_t n, const uint8_t *a, size_t an)  \
    {                                                                                           \
        return lwc_##D##_drbg_generate(d, out, n, a, an);                                       \
    }                                                                                           \
    static int D##_drbg_interval(void *d, uint64_t i) { return lwc_##D##_drbg_set_reseed_interval(d, i); } \
    static void D##_drbg_wipe(void *d) { lwc_##D##_drbg_wipe(d); }
LWC_DRBG_LIST(DRBG_ENTRY_POINTS)

#define DRBG_ROW(D, U, S)                                                                       \
    {#D, LWC_##U##_BLOCK_BYTES, LWC_##U##_KEY_BYTES, S, sizeof(lwc_##D##_drbg),                 \
     LWC_##U##_DRBG_MAX_REQUEST, LWC_##U##_DRBG_MAX_RESEED_INTERVAL, D##_drbg_inst,             \
     D##_drbg_inst_nodf, D##_drbg_reseed, D##_drbg_reseed_nodf, D##_drbg_generate,              \
     D##_drbg_interval, D##_drbg_wipe},
static const drbg_def drbgs[] = {LWC_DRBG_LIST(DRBG_ROW)};
#define DRBG_COUNT (sizeof drbgs / sizeof drbgs[0])
static const char drbg_ids[] = LWC_DRBG_LIST(ID_STRING);

/* ---- helpers --------------------------------------------------------------------------- */

/* The type object of TObject, with T_dealloc, T_repr, T_doc and T_methods. */
#define OBJECT_TYPE(T, getset, new_fn)                                                          \
    {                                                                                           \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = "lwc." #T, .tp_basicsize = sizeof(T##Object),  \
        .tp_dealloc = (destructor)T##_dealloc, .tp_repr = (reprfunc)T##_repr,                   \
        .tp_flags = Py_TPFLAGS_DEFAULT, .tp_doc = T##_doc, .tp_methods = T##_methods,           \
        .tp_getset = getset, .tp_new = new_fn,                                                  \
    }

/* A read-only attribute: T_get_name returns expr (of self). */
#define GETTER(T, name, expr)                                                                   \
    static PyObject *T##_get_##name(T##Object *self, void *closure)                             \
    {                                                                                           \
        (void)closure;                                                                          \
        return expr;                                                                            \
    }

/* The module's state: the exception classes of lwc.errors, by -code (index 0 unused). */
#define LWC_E_COUNT 21
typedef struct {
    PyObject *errors[LWC_E_COUNT + 1];
} module_state;
static module_state state;

/* Secret-holding memory: zeroed on allocation, wiped before it is freed. */
static void *secret_alloc(size_t n)
{
    void *p = PyMem_RawCalloc(1, n);
    if (!p)
        PyErr_NoMemory();
    return p;
}

static void secret_free(void *p, size_t n)
{
    if (p) {
        lwc_wipe(p, n);
        PyMem_RawFree(p);
    }
}

/* The secret state of n bytes and the lock of an object whose calls change its state (a
 * CtrStream, CmacStream or Drbg): 0, or -1 with MemoryError (the object's dealloc frees
 * what was allocated). */
static int alloc_state_and_lock(void **st, size_t n, PyThread_type_lock *lock)
{
    if (!(*st = secret_alloc(n)))
        return -1;
    if (!(*lock = PyThread_allocate_lock())) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Acquires a per-object lock, waiting without the GIL if another thread holds it. */
static void lock_object(PyThread_type_lock lock)
{
    if (!PyThread_acquire_lock(lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
}

static const char *cipher_id_at(size_t i)
{
    return ciphers[i].id;
}

static const char *drbg_id_at(size_t i)
{
    return drbgs[i].id;
}

/*
 * The index of the str id among count ids (id_at), or -1 with TypeError ("<kind> id must
 * be str") or ValueError ("<unknown> <id>; expected one of <ids>", ids: an ID_STRING list
 * of ids_size bytes) set.
 */
static Py_ssize_t find_id(PyObject *id, const char *kind, const char *unknown, size_t count,
                          const char *(*id_at)(size_t), const char *ids, size_t ids_size)
{
    if (!PyUnicode_Check(id)) {
        PyErr_Format(PyExc_TypeError, "%s id must be str, not %.100s", kind, Py_TYPE(id)->tp_name);
        return -1;
    }
    for (size_t i = 0; i < count; i++)
        if (PyUnicode_CompareWithASCIIString(id, id_at(i)) == 0)
            return (Py_ssize_t)i;
    char list[sizeof cipher_ids];
    snprintf(list, sizeof list, "%.*s", (int)(ids_size - 3), ids); /* without the last ", " */
    PyErr_Format(PyExc_ValueError, "%s %R; expected one of %s", unknown, id, list);
    return -1;
}

static const cipher_def *find_cipher(PyObject *id)
{
    const Py_ssize_t i = find_id(id, "cipher", "unknown cipher id", CIPHER_COUNT, cipher_id_at, cipher_ids,
                                 sizeof cipher_ids);
    return i < 0 ? NULL : &ciphers[i];
}

static const drbg_def *find_drbg(PyObject *id)
{
    const Py_ssize_t i = find_id(id, "DRBG", "no CTR_DRBG over", DRBG_COUNT, drbg_id_at, drbg_ids, sizeof drbg_ids);
    return i < 0 ? NULL : &drbgs[i];
}

/*
 * An integer argument named what as a Python int (new reference): an int or any object
 * with __index__, but not a bool (True is not a length); NULL with TypeError otherwise.
 */
static PyObject *int_arg(PyObject *arg, const char *what)
{
    if (PyBool_Check(arg) || !PyIndex_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what, Py_TYPE(arg)->tp_name);
        return NULL;
    }
    return PyNumber_Index(arg);
}

static int check_length(const cipher_def *c, const Py_buffer *b, Py_ssize_t expected, const char *what)
{
    if (b->len == expected)
        return 0;
    PyErr_Format(PyExc_ValueError, "%s %s must be %zd bytes, got %zd", c->id, what, expected, b->len);
    return -1;
}

/* A new bytes object of n bytes whose contents the caller writes. */
static PyObject *new_bytes(Py_ssize_t n, uint8_t **data)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, n);
    if (b)
        *data = (uint8_t *)PyBytes_AS_STRING(b);
    return b;
}

/* ---- CtrStream ------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    const cipher_def *c;
    void *ctx;
    PyThread_type_lock lock;
} CtrStreamObject;

static PyTypeObject CtrStreamType;

static void CtrStream_dealloc(CtrStreamObject *self)
{
    secret_free(self->ctx, self->c->ctr_size);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A stream on a copy of template (a CTR context of c), restarted at iv. */
static PyObject *ctr_stream_new(const cipher_def *c, const void *template_ctx, const uint8_t *iv)
{
    CtrStreamObject *s = PyObject_New(CtrStreamObject, &CtrStreamType);
    if (!s)
        return NULL;
    s->c = c;
    s->lock = NULL;
    if (alloc_state_and_lock(&s->ctx, c->ctr_size, &s->lock) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    memcpy(s->ctx, template_ctx, c->ctr_size);
    c->t->ctr_setiv(s->ctx, iv);
    return (PyObject *)s;
}

PyDoc_STRVAR(CtrStream_crypt_doc,
             "crypt($self, data, /)\n--\n\n"
             "Encrypts or decrypts data (the same operation in CTR) with the next bytes of the\n"
             "keystream: successive calls continue where the previous one stopped, so any split of a\n"
             "message gives the same result.");

static PyObject *CtrStream_crypt(CtrStreamObject *self, PyObject *arg)
{
    Py_buffer in;
    if (PyObject_GetBuffer(arg, &in, PyBUF_SIMPLE) < 0)
        return NULL;
    uint8_t *out;
    PyObject *result = new_bytes(in.len, &out);
    if (result) {
        lock_object(self->lock);
        WITHOUT_GIL_IF(in.len, self->c->t->ctr_crypt(self->ctx, out, in.buf, (size_t)in.len));
        PyThread_release_lock(self->lock);
    }
    PyBuffer_Release(&in);
    return result;
}

static PyObject *CtrStream_repr(CtrStreamObject *self)
{
    return PyUnicode_FromFormat("<lwc.CtrStream %s>", self->c->id);
}

static PyMethodDef CtrStream_methods[] = {
    {"crypt", (PyCFunction)CtrStream_crypt, METH_O, CtrStream_crypt_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(CtrStream_doc, "A CTR keystream (NIST SP 800-38A), made by Cipher.ctr(iv).");

static PyTypeObject CtrStreamType = OBJECT_TYPE(CtrStream, NULL, NULL);

/* ---- Cipher ---------------------------------------------------------------------------- */

/* The modes' keys of a Cipher: EAX and CCM at their test_aead index, then CMAC. */
enum { MODE_EAX = TEST_EAX, MODE_CCM = TEST_CCM, MODE_CMAC = TEST_AEAD_MODES, MODE_COUNT };
static const char *const mode_names[MODE_COUNT] = {[MODE_EAX] = "EAX", [MODE_CCM] = "CCM", [MODE_CMAC] = "CMAC"};

typedef struct {
    PyObject_HEAD
    const cipher_def *c;
    void *ks;      /* the block key schedule */
    void *ctr_ctx; /* a CTR context after ctr_init(key, zero IV): the template of every stream */
    uint8_t *key;  /* the key, for the modes' keys */
    void *mode_keys[MODE_COUNT]; /* each set up on its mode's first call, else NULL */
} CipherObject;

static PyTypeObject CipherType;

static size_t mode_key_size(const cipher_def *c, int mode)
{
    return mode == MODE_CMAC ? c->m->cmac_key_size : c->m->aead[mode].key_size;
}

static void Cipher_dealloc(CipherObject *self)
{
    if (self->c) {
        secret_free(self->ks, self->c->key_size);
        secret_free(self->ctr_ctx, self->c->ctr_size);
        secret_free(self->key, (size_t)self->c->key_bytes);
        for (int mode = 0; mode < MODE_COUNT; mode++)
            secret_free(self->mode_keys[mode], mode_key_size(self->c, mode));
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Cipher_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"id", "key", NULL};
    PyObject *id;
    Py_buffer key;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oy*:Cipher", keywords, &id, &key))
        return NULL;
    const cipher_def *c = find_cipher(id);
    CipherObject *self = NULL;
    if (c && check_length(c, &key, c->key_bytes, "key") == 0 && (self = (CipherObject *)type->tp_alloc(type, 0))) {
        self->c = c;
        self->ks = secret_alloc(c->key_size);
        self->ctr_ctx = self->ks ? secret_alloc(c->ctr_size) : NULL;
        self->key = self->ctr_ctx ? secret_alloc((size_t)c->key_bytes) : NULL;
        if (self->key) {
            static const uint8_t zero_iv[16];
            c->t->setkey(self->ks, key.buf);
            c->t->ctr_init(self->ctr_ctx, key.buf, zero_iv);
            memcpy(self->key, key.buf, (size_t)c->key_bytes);
        } else {
            Py_CLEAR(self);
        }
    }
    PyBuffer_Release(&key);
    return (PyObject *)self;
}

/* One block through fn (encrypt or decrypt). */
static PyObject *cipher_block(CipherObject *self, PyObject *arg,
                              void (*fn)(const void *ks, uint8_t *out, const uint8_t *in))
{
    Py_buffer in;
    if (PyObject_GetBuffer(arg, &in, PyBUF_SIMPLE) < 0)
        return NULL;
    uint8_t *out;
    PyObject *result = NULL;
    if (check_length(self->c, &in, self->c->block_bytes, "block") == 0 && (result = new_bytes(in.len, &out)))
        fn(self->ks, out, in.buf);
    PyBuffer_Release(&in);
    return result;
}

PyDoc_STRVAR(Cipher_encrypt_block_doc, "encrypt_block($self, block, /)\n--\n\nEncrypts exactly one block.");
static PyObject *Cipher_encrypt_block(CipherObject *self, PyObject *arg)
{
    return cipher_block(self, arg, self->c->t->encrypt);
}

PyDoc_STRVAR(Cipher_decrypt_block_doc, "decrypt_block($self, block, /)\n--\n\nDecrypts exactly one block.");
static PyObject *Cipher_decrypt_block(CipherObject *self, PyObject *arg)
{
    return cipher_block(self, arg, self->c->t->decrypt);
}

PyDoc_STRVAR(Cipher_ctr_doc,
             "ctr($self, iv, /)\n--\n\n"
             "A CTR stream starting at iv, one block: the first counter block, incremented as one\n"
             "big-endian integer over the whole block (NIST SP 800-38A). Never reuse a (key, counter)\n"
             "pair.");
static PyObject *Cipher_ctr(CipherObject *self, PyObject *arg)
{
    Py_buffer iv;
    if (PyObject_GetBuffer(arg, &iv, PyBUF_SIMPLE) < 0)
        return NULL;
    PyObject *result = NULL;
    if (check_length(self->c, &iv, self->c->block_bytes, "IV") == 0)
        result = ctr_stream_new(self->c, self->ctr_ctx, iv.buf);
    PyBuffer_Release(&iv);
    return result;
}

/*
 * The items of one argument of ctr_records as a tuple (which holds references to them
 * while the GIL is released, whatever happens to the caller's list meanwhile). A single
 * bytes-like object is refused: it would be taken for a sequence of ints.
 */
static PyObject *records_tuple(PyObject *arg, const char *name)
{
    if (PyObject_CheckBuffer(arg)) {
        PyErr_Format(PyExc_TypeError, "ctr_records: %s must be a sequence of bytes-like objects, not one %.100s",
                     name, Py_TYPE(arg)->tp_name);
        return NULL;
    }
    PyObject *t = PySequence_Tuple(arg);
    if (!t && PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "ctr_records: %s must be an iterable of bytes-like objects, not %.100s", name,
                     Py_TYPE(arg)->tp_name);
    }
    return t;
}

/* The bytes of a bytes-like item (index of the argument name), in view: release it after use. */
static int item_view(PyObject *item, const char *name, Py_ssize_t index, Py_buffer *view)
{
    if (!PyObject_CheckBuffer(item)) {
        PyErr_Format(PyExc_TypeError, "ctr_records: %s[%zd] must be a bytes-like object, not %.100s", name, index,
                     Py_TYPE(item)->tp_name);
        return -1;
    }
    return PyObject_GetBuffer(item, view, PyBUF_SIMPLE);
}

/*
 * The batch's inputs gathered: the IVs back to back, each record's length, and the records
 * back to back in data (total bytes). Two passes: lengths and IVs, then the records' bytes.
 */
typedef struct {
    uint8_t *ivs, *data;
    size_t *lens, total;
} records_batch;

static void records_batch_free(records_batch *b)
{
    if (b->data)
        lwc_wipe(b->data, b->total);
    PyMem_Free(b->data);
    PyMem_Free(b->ivs);
    PyMem_Free(b->lens);
}

static int records_batch_gather(records_batch *b, const cipher_def *c, PyObject *ivs, PyObject *records)
{
    const Py_ssize_t n = PyTuple_GET_SIZE(records);
    const size_t bs = (size_t)c->block_bytes;
    if (!(b->ivs = PyMem_Malloc(n ? (size_t)n * bs : 1)) || !(b->lens = PyMem_Malloc(n ? (size_t)n * sizeof *b->lens : 1))) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_buffer iv, record;
        if (item_view(PyTuple_GET_ITEM(ivs, i), "ivs", i, &iv) < 0)
            return -1;
        const int iv_ok = iv.len == c->block_bytes;
        if (iv_ok)
            memcpy(b->ivs + (size_t)i * bs, iv.buf, bs);
        else
            PyErr_Format(PyExc_ValueError, "ctr_records: ivs[%zd]: %s IV must be %zd bytes, got %zd", i, c->id,
                         c->block_bytes, iv.len);
        PyBuffer_Release(&iv);
        if (!iv_ok || item_view(PyTuple_GET_ITEM(records, i), "records", i, &record) < 0)
            return -1;
        b->lens[i] = (size_t)record.len;
        b->total += (size_t)record.len;
        PyBuffer_Release(&record);
    }
    if (!(b->data = PyMem_Malloc(b->total ? b->total : 1))) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0, at = 0; i < n; at += (Py_ssize_t)b->lens[i++]) {
        Py_buffer record;
        if (item_view(PyTuple_GET_ITEM(records, i), "records", i, &record) < 0)
            return -1;
        const int same = (size_t)record.len == b->lens[i];
        if (same)
            memcpy(b->data + at, record.buf, b->lens[i]);
        else
            PyErr_Format(PyExc_ValueError, "ctr_records: records[%zd] changed size during the call", i);
        PyBuffer_Release(&record);
        if (!same)
            return -1;
    }
    return 0;
}

PyDoc_STRVAR(Cipher_ctr_records_doc,
             "ctr_records($self, ivs, records, /)\n--\n\n"
             "Encrypts or decrypts many records, record i with its own CTR stream starting at ivs[i],\n"
             "in one call: the whole batch runs in C without the GIL (on x86-64 and aarch64 the SIMD\n"
             "kernels take the blocks of several records per pass). ivs and records are iterables of\n"
             "bytes-like objects of the same length; each IV is one block. Returns one bytes object\n"
             "per record, of its length.");

static PyObject *Cipher_ctr_records(CipherObject *self, PyObject *args)
{
    PyObject *ivs_arg, *records_arg;
    if (!PyArg_ParseTuple(args, "OO:ctr_records", &ivs_arg, &records_arg))
        return NULL;
    const cipher_def *c = self->c;
    PyObject *ivs = NULL, *records = NULL, *result = NULL;
    records_batch b = {NULL, NULL, NULL, 0};
    if (!(ivs = records_tuple(ivs_arg, "ivs")) || !(records = records_tuple(records_arg, "records")))
        goto done;
    const Py_ssize_t n = PyTuple_GET_SIZE(records);
    if (PyTuple_GET_SIZE(ivs) != n) {
        PyErr_Format(PyExc_ValueError, "ctr_records: %zd IVs for %zd records (one IV per record)",
                     PyTuple_GET_SIZE(ivs), n);
        goto done;
    }
    if (records_batch_gather(&b, c, ivs, records) < 0 || !(result = PyList_New(n)))
        goto done;
    any_ctr ctx;
    WITHOUT_GIL_IF(b.total, memcpy(&ctx, self->ctr_ctx, c->ctr_size);
                   c->ctr_records(self->ks, &ctx, b.data, b.lens, b.ivs, (size_t)n));
    lwc_wipe(&ctx, c->ctr_size);
    for (Py_ssize_t i = 0, at = 0; i < n; at += (Py_ssize_t)b.lens[i++]) {
        PyObject *out = PyBytes_FromStringAndSize((const char *)b.data + at, (Py_ssize_t)b.lens[i]);
        if (!out) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, out);
    }
done:
    records_batch_free(&b);
    Py_XDECREF(ivs);
    Py_XDECREF(records);
    return result;
}

/* ---- the authenticated modes of a Cipher ----------------------------------------------- */

/* Whether c has mode; if not, ValueError (only CCM can be missing: 64-bit blocks). */
static int has_mode(const cipher_def *c, int mode)
{
    if (mode == MODE_CMAC || c->m->aead[mode].setkey)
        return 1;
    PyErr_Format(PyExc_ValueError, "%s has %zd-bit blocks: CCM needs a 128-bit block cipher (EAX works with every "
                 "cipher)", c->id, 8 * c->block_bytes);
    return 0;
}

/* The key of mode, set up from the Cipher's key on the mode's first call; NULL with
 * MemoryError if it cannot be allocated. */
static const void *mode_key(CipherObject *self, int mode)
{
    const cipher_def *c = self->c;
    if (!self->mode_keys[mode]) {
        void *k = secret_alloc(mode_key_size(c, mode));
        if (!k)
            return NULL;
        if (mode == MODE_CMAC)
            c->m->cmac_setkey(k, self->key);
        else
            c->m->aead[mode].setkey(k, self->key);
        self->mode_keys[mode] = k;
    }
    return self->mode_keys[mode];
}

/* The lengths of one mode call, for the message of its error. */
typedef struct {
    Py_ssize_t nonce, data;
} mode_lengths;

/* Raises the lwc.errors class of a library code of mode, naming what it allows; returns NULL. */
static PyObject *mode_error(const cipher_def *c, int mode, int code, const mode_lengths *n)
{
    const char *name = mode_names[mode];
    PyObject *cls = code < 0 && code >= -LWC_E_COUNT ? state.errors[-code] : NULL;
    if (!cls) {
        PyErr_Format(PyExc_SystemError, "lwc: unexpected library code %d", code);
        return NULL;
    }
    switch (code) {
    case LWC_E_NONCE_LENGTH:
        PyErr_Format(cls, "%s CCM nonce must be 7 to 13 bytes, got %zd", c->id, n->nonce);
        break;
    case LWC_E_MESSAGE_LENGTH: { /* L = 15 - nonce length bytes; a size_t reaches 2^(8L) only for L < 8 */
        const unsigned long long most = (1ull << (8 * (15 - n->nonce))) - 1;
        PyErr_Format(cls, "%s CCM with a %zd-byte nonce takes at most %llu bytes of data, got %zd (a shorter nonce "
                     "allows longer data)", c->id, n->nonce, most, n->data);
        break;
    }
    case LWC_E_AUTH:
        if (mode == MODE_CMAC)
            PyErr_Format(cls, "%s CMAC: MAC check failed: the tag does not match the data under this key", c->id);
        else
            PyErr_Format(cls, "%s %s: MAC check failed: the tag does not match the nonce, associated data and "
                         "ciphertext under this key; no plaintext is released", c->id, name);
        break;
    default:
        PyErr_Format(cls, "%s %s: library error %d", c->id, name, code);
    }
    return NULL;
}

/*
 * tag_len: None (the full block) or an int the mode allows (lwc/modes.h), checked here
 * rather than left to the library: decryption compares it with the tag's length before
 * the library runs. Returns 0, or -1 with TypeError or lwc.TagLengthError set.
 */
static int parse_tag_len(const cipher_def *c, int mode, PyObject *arg, size_t *tag_len)
{
    if (arg == Py_None) {
        *tag_len = (size_t)c->block_bytes;
        return 0;
    }
    PyObject *i = int_arg(arg, "tag_len");
    if (!i)
        return -1;
    const Py_ssize_t n = PyNumber_AsSsize_t(i, NULL); /* saturated: a huge value is refused like any too large one */
    Py_DECREF(i);
    if (mode == MODE_CCM ? !TEST_CCM_TAG_OK(n) : n < 1 || n > c->block_bytes) {
        PyErr_Format(state.errors[-LWC_E_TAG_LENGTH], "%s %s tag must be %s bytes, got %R", c->id, mode_names[mode],
                     mode == MODE_CCM ? "4, 6, 8, 10, 12, 14 or 16" : c->block_bytes == 8 ? "1 to 8" : "1 to 16", arg);
        return -1;
    }
    *tag_len = (size_t)n;
    return 0;
}

PyDoc_STRVAR(Cipher_cmac_doc,
             "cmac($self, /, data, tag_len=None)\n--\n\n"
             "The CMAC of data (NIST SP 800-38B, RFC 4493 for AES): a tag of tag_len bytes, 1 to\n"
             "block_size (None: the full block; SP 800-38B recommends at least 8). Authenticates\n"
             "without encrypting; no nonce. Raises lwc.TagLengthError for a bad tag_len.");

static PyObject *Cipher_cmac(CipherObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"data", "tag_len", NULL};
    Py_buffer data;
    PyObject *tag_len_arg = Py_None, *result = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*|O:cmac", keywords, &data, &tag_len_arg))
        return NULL;
    const cipher_def *c = self->c;
    const void *k;
    size_t tag_len;
    uint8_t tag[TEST_MAX_BLOCK];
    if (parse_tag_len(c, MODE_CMAC, tag_len_arg, &tag_len) == 0 && (k = mode_key(self, MODE_CMAC))) {
        int code;
        WITHOUT_GIL_IF(data.len, code = c->m->cmac(k, tag, tag_len, data.buf, (size_t)data.len));
        const mode_lengths lengths = {0, data.len};
        result = code ? mode_error(c, MODE_CMAC, code, &lengths)
                      : PyBytes_FromStringAndSize((const char *)tag, (Py_ssize_t)tag_len);
    }
    PyBuffer_Release(&data);
    return result;
}

/* eax_encrypt or ccm_encrypt (format: AEAD_ENCRYPT_FORMAT and the method's name). */
static PyObject *aead_encrypt(CipherObject *self, PyObject *args, PyObject *kwargs, int mode, const char *format)
{
    static char *keywords[] = {"nonce", "data", "ad", "tag_len", NULL};
    Py_buffer nonce, data, ad = {0};
    PyObject *tag_len_arg = Py_None, *result = NULL, *ct;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, &nonce, &data, &ad, &tag_len_arg))
        return NULL;
    const cipher_def *c = self->c;
    const void *k;
    size_t tag_len;
    uint8_t tag[TEST_MAX_BLOCK], *out;
    if (has_mode(c, mode) && parse_tag_len(c, mode, tag_len_arg, &tag_len) == 0 && (k = mode_key(self, mode)) &&
        (ct = new_bytes(data.len, &out))) {
        int code;
        WITHOUT_GIL_IF(data.len + ad.len, code = c->m->aead[mode].encrypt(k, out, tag, tag_len, nonce.buf,
                                                                          (size_t)nonce.len, ad.buf, (size_t)ad.len,
                                                                          data.buf, (size_t)data.len));
        const mode_lengths lengths = {nonce.len, data.len};
        PyObject *tag_bytes = code ? mode_error(c, mode, code, &lengths)
                                   : PyBytes_FromStringAndSize((const char *)tag, (Py_ssize_t)tag_len);
        if (tag_bytes)
            result = PyTuple_Pack(2, ct, tag_bytes);
        Py_XDECREF(tag_bytes);
        Py_DECREF(ct);
    }
    PyBuffer_Release(&nonce);
    PyBuffer_Release(&data);
    PyBuffer_Release(&ad); /* a no-op when not given */
    return result;
}

/* Whether a received tag of got bytes has the length tag_len; if not, lwc.AuthenticationError. */
static int tag_length_matches(const cipher_def *c, int mode, Py_ssize_t got, size_t tag_len)
{
    if ((size_t)got == tag_len)
        return 1;
    PyErr_Format(state.errors[-LWC_E_AUTH], "%s %s: MAC check failed: the tag is %zd bytes, not tag_len = %zu", c->id,
                 mode_names[mode], got, tag_len);
    return 0;
}

/*
 * eax_decrypt or ccm_decrypt (format: AEAD_DECRYPT_FORMAT and the method's name). The tag
 * length is the caller's tag_len, not the received tag's: a tag of another length is
 * refused as not matching, so that nobody can cut a record's tag short and guess the rest.
 */
static PyObject *aead_decrypt(CipherObject *self, PyObject *args, PyObject *kwargs, int mode, const char *format)
{
    static char *keywords[] = {"nonce", "ct", "tag", "ad", "tag_len", NULL};
    Py_buffer nonce, ct, tag, ad = {0};
    PyObject *tag_len_arg = Py_None, *result = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, &nonce, &ct, &tag, &ad, &tag_len_arg))
        return NULL;
    const cipher_def *c = self->c;
    const void *k;
    size_t tag_len;
    uint8_t *out;
    if (has_mode(c, mode) && parse_tag_len(c, mode, tag_len_arg, &tag_len) == 0 &&
        tag_length_matches(c, mode, tag.len, tag_len) && (k = mode_key(self, mode)) &&
        (result = new_bytes(ct.len, &out))) {
        int code;
        WITHOUT_GIL_IF(ct.len + ad.len, code = c->m->aead[mode].decrypt(k, out, tag.buf, tag_len, nonce.buf,
                                                                        (size_t)nonce.len, ad.buf, (size_t)ad.len,
                                                                        ct.buf, (size_t)ct.len));
        if (code) { /* out is all zero then (LWC_E_AUTH) or untouched: dropped either way */
            const mode_lengths lengths = {nonce.len, ct.len};
            Py_CLEAR(result);
            mode_error(c, mode, code, &lengths);
        }
    }
    PyBuffer_Release(&nonce);
    PyBuffer_Release(&ct);
    PyBuffer_Release(&tag);
    PyBuffer_Release(&ad); /* a no-op when not given */
    return result;
}

PyDoc_STRVAR(Cipher_cmac_verify_doc,
             "cmac_verify($self, /, data, tag, tag_len=None)\n--\n\n"
             "Checks that tag is the CMAC of data (lwc_X_cmac_verify: compared in constant time).\n"
             "Returns None if it is; raises lwc.AuthenticationError if not. tag_len is the tag length\n"
             "the sender uses (None: the full block); a tag of another length does not match.");

static PyObject *Cipher_cmac_verify(CipherObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"data", "tag", "tag_len", NULL};
    Py_buffer data, tag;
    PyObject *tag_len_arg = Py_None, *result = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*|O:cmac_verify", keywords, &data, &tag, &tag_len_arg))
        return NULL;
    const cipher_def *c = self->c;
    const void *k;
    size_t tag_len;
    if (parse_tag_len(c, MODE_CMAC, tag_len_arg, &tag_len) == 0 && tag_length_matches(c, MODE_CMAC, tag.len, tag_len) &&
        (k = mode_key(self, MODE_CMAC))) {
        int code;
        WITHOUT_GIL_IF(data.len, code = c->cmac_verify(k, tag.buf, tag_len, data.buf, (size_t)data.len));
        const mode_lengths lengths = {0, data.len};
        if (code) {
            mode_error(c, MODE_CMAC, code, &lengths);
        } else {
            Py_INCREF(Py_None);
            result = Py_None;
        }
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&tag);
    return result;
}

PyDoc_STRVAR(Cipher_eax_encrypt_doc,
             "eax_encrypt($self, /, nonce, data, ad=b'', tag_len=None)\n--\n\n"
             "EAX (Bellare, Rogaway, Wagner): encrypts data and authenticates it with the associated\n"
             "data ad (sent in clear); returns (ciphertext, tag), the ciphertext as long as data.\n"
             "nonce: any length, never used twice with one key. tag_len: 1 to block_size (None: the\n"
             "full block). Raises lwc.TagLengthError for a bad tag_len.");

PyDoc_STRVAR(Cipher_eax_decrypt_doc,
             "eax_decrypt($self, /, nonce, ct, tag, ad=b'', tag_len=None)\n--\n\n"
             "Checks tag over nonce, ad and ct, and returns the plaintext only if it matches:\n"
             "otherwise raises lwc.AuthenticationError and releases no plaintext. tag_len is the tag\n"
             "length the sender uses (None: the full block); a tag of another length does not match,\n"
             "so pass tag_len for truncated tags. The check takes the same time whether the tag\n"
             "matches or not.");

PyDoc_STRVAR(Cipher_ccm_encrypt_doc,
             "ccm_encrypt($self, /, nonce, data, ad=b'', tag_len=None)\n--\n\n"
             "CCM (NIST SP 800-38C, RFC 3610; IEEE 802.15.4 uses 13-byte nonces): as eax_encrypt, for\n"
             "the ciphers with 128-bit blocks only (ValueError for the others). nonce: 7 to 13 bytes\n"
             "(lwc.NonceLengthError); data: shorter than 2^(8 (15 - len(nonce))) bytes\n"
             "(lwc.MessageLengthError); tag_len: 4, 6, ..., 16 (lwc.TagLengthError; None: 16).");

PyDoc_STRVAR(Cipher_ccm_decrypt_doc,
             "ccm_decrypt($self, /, nonce, ct, tag, ad=b'', tag_len=None)\n--\n\n"
             "As eax_decrypt, for CCM (lengths as for ccm_encrypt): the plaintext only if the tag\n"
             "matches, else lwc.AuthenticationError.");

/* Cipher_<m>_<op>: aead_<op> for mode M, with the op's argument format and the method's name. */
#define AEAD_ENCRYPT_FORMAT "y*y*|y*O"
#define AEAD_DECRYPT_FORMAT "y*y*y*|y*O"
#define AEAD_METHOD(m, M, op, OP)                                                               \
    static PyObject *Cipher_##m##_##op(CipherObject *self, PyObject *args, PyObject *kwargs)   \
    {                                                                                           \
        return aead_##op(self, args, kwargs, MODE_##M, AEAD_##OP##_FORMAT ":" #m "_" #op);      \
    }
AEAD_METHOD(eax, EAX, encrypt, ENCRYPT)
AEAD_METHOD(eax, EAX, decrypt, DECRYPT)
AEAD_METHOD(ccm, CCM, encrypt, ENCRYPT)
AEAD_METHOD(ccm, CCM, decrypt, DECRYPT)

/* ---- CmacStream: a CMAC over data given in pieces ---------------------------------------- */

/*
 * The state of lwc_X_cmac_init / _update / _final, which points at the Cipher's CMAC key
 * (the stream keeps the Cipher alive). digest() or verify() ends the message: the tag is
 * computed once and kept (wiped with the object), so both may be called again and give
 * the same answer, while update() then raises TypeError, as pycryptodome's CMAC does.
 */
typedef struct {
    PyObject_HEAD
    CipherObject *cipher;
    void *st;       /* the CMAC state (the mode table's cmac_state_size bytes) */
    size_t tag_len;
    int finished;   /* digest or verify was called: tag holds the tag */
    uint8_t tag[TEST_MAX_BLOCK];
    PyThread_type_lock lock;
} CmacStreamObject;

static PyTypeObject CmacStreamType;

static void CmacStream_dealloc(CmacStreamObject *self)
{
    secret_free(self->st, self->cipher->c->m->cmac_state_size);
    lwc_wipe(self->tag, sizeof self->tag);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_DECREF(self->cipher);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A stream of cipher whose state the caller fills: zeroed, tag_len bytes of tag. */
static CmacStreamObject *cmac_stream_alloc(CipherObject *cipher, size_t tag_len)
{
    CmacStreamObject *s = PyObject_New(CmacStreamObject, &CmacStreamType);
    if (!s)
        return NULL;
    Py_INCREF(cipher);
    s->cipher = cipher;
    s->tag_len = tag_len;
    s->finished = 0;
    memset(s->tag, 0, sizeof s->tag);
    s->st = NULL;
    s->lock = NULL;
    if (alloc_state_and_lock(&s->st, cipher->c->m->cmac_state_size, &s->lock) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    return s;
}

PyDoc_STRVAR(CmacStream_update_doc,
             "update($self, data, /)\n--\n\n"
             "Appends data to the message; returns the stream itself (so calls chain). Raises\n"
             "TypeError after digest() or verify(), which end the message.");

static PyObject *CmacStream_update(CmacStreamObject *self, PyObject *arg)
{
    Py_buffer in;
    if (PyObject_GetBuffer(arg, &in, PyBUF_SIMPLE) < 0)
        return NULL;
    lock_object(self->lock);
    const int finished = self->finished;
    if (!finished)
        WITHOUT_GIL_IF(in.len, self->cipher->c->m->cmac_update(self->st, in.buf, (size_t)in.len));
    PyThread_release_lock(self->lock);
    PyBuffer_Release(&in);
    if (finished) {
        PyErr_SetString(PyExc_TypeError, "update() cannot be called after digest() or verify()");
        return NULL;
    }
    Py_INCREF(self);
    return (PyObject *)self;
}

/* Ends the message on the first call (the tag into self->tag); 0, or -1 with an error set. */
static int cmac_stream_finish(CmacStreamObject *self)
{
    int code = 0;
    lock_object(self->lock);
    if (!self->finished) {
        code = self->cipher->c->m->cmac_final(self->st, self->tag, self->tag_len);
        self->finished = code == 0;
    }
    PyThread_release_lock(self->lock);
    if (code) {
        mode_error(self->cipher->c, MODE_CMAC, code, NULL);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(CmacStream_digest_doc,
             "digest($self, /)\n--\n\n"
             "The tag (bytes, digest_size long) of the data given so far, which ends the message.");

static PyObject *CmacStream_digest(CmacStreamObject *self, PyObject *unused)
{
    (void)unused;
    if (cmac_stream_finish(self) < 0)
        return NULL;
    return PyBytes_FromStringAndSize((const char *)self->tag, (Py_ssize_t)self->tag_len);
}

PyDoc_STRVAR(CmacStream_verify_doc,
             "verify($self, tag, /)\n--\n\n"
             "Checks tag against the CMAC of the data given so far (in constant time, lwc_verify),\n"
             "which ends the message. Returns None if it matches; raises lwc.AuthenticationError if\n"
             "not, or if tag is not digest_size bytes long.");

static PyObject *CmacStream_verify(CmacStreamObject *self, PyObject *arg)
{
    Py_buffer tag;
    if (PyObject_GetBuffer(arg, &tag, PyBUF_SIMPLE) < 0)
        return NULL;
    const cipher_def *c = self->cipher->c;
    PyObject *result = NULL;
    if (cmac_stream_finish(self) == 0 && tag_length_matches(c, MODE_CMAC, tag.len, self->tag_len)) {
        if (lwc_verify(self->tag, tag.buf, self->tag_len) != 0) {
            mode_error(c, MODE_CMAC, LWC_E_AUTH, NULL);
        } else {
            Py_INCREF(Py_None);
            result = Py_None;
        }
    }
    PyBuffer_Release(&tag);
    return result;
}

PyDoc_STRVAR(CmacStream_copy_doc,
             "copy($self, /)\n--\n\n"
             "An independent stream in the same state: for the CMACs of several messages that start\n"
             "with the same bytes.");

static PyObject *CmacStream_copy(CmacStreamObject *self, PyObject *unused)
{
    (void)unused;
    CmacStreamObject *s = cmac_stream_alloc(self->cipher, self->tag_len);
    if (s) {
        lock_object(self->lock);
        memcpy(s->st, self->st, self->cipher->c->m->cmac_state_size);
        memcpy(s->tag, self->tag, sizeof s->tag);
        s->finished = self->finished;
        PyThread_release_lock(self->lock);
    }
    return (PyObject *)s;
}

static PyObject *CmacStream_repr(CmacStreamObject *self)
{
    return PyUnicode_FromFormat("<lwc.CmacStream %s>", self->cipher->c->id);
}

GETTER(CmacStream, digest_size, PyLong_FromSize_t(self->tag_len))

static PyGetSetDef CmacStream_getset[] = {
    {"digest_size", (getter)CmacStream_get_digest_size, NULL, "The tag length in bytes.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef CmacStream_methods[] = {
    {"update", (PyCFunction)CmacStream_update, METH_O, CmacStream_update_doc},
    {"digest", (PyCFunction)CmacStream_digest, METH_NOARGS, CmacStream_digest_doc},
    {"verify", (PyCFunction)CmacStream_verify, METH_O, CmacStream_verify_doc},
    {"copy", (PyCFunction)CmacStream_copy, METH_NOARGS, CmacStream_copy_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(CmacStream_doc,
             "A CMAC (NIST SP 800-38B) over a message given in pieces, made by Cipher.cmac_stream():\n"
             "update(data) any number of times, then digest() or verify(tag). Any split of a message\n"
             "gives the tag of Cipher.cmac. digest() and verify() end the message: they may be called\n"
             "again (the same tag), update() may not (TypeError); copy() first to go on. The state\n"
             "is kept in C memory and wiped when the object is freed.");

static PyTypeObject CmacStreamType = OBJECT_TYPE(CmacStream, CmacStream_getset, NULL);

PyDoc_STRVAR(Cipher_cmac_stream_doc,
             "cmac_stream($self, /, data=b'', tag_len=None)\n--\n\n"
             "A CmacStream: the CMAC of data and of what update() appends, tag_len bytes long (1 to\n"
             "block_size; None: the full block).");

static PyObject *Cipher_cmac_stream(CipherObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"data", "tag_len", NULL};
    Py_buffer data = {0};
    PyObject *tag_len_arg = Py_None, *result = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|y*O:cmac_stream", keywords, &data, &tag_len_arg))
        return NULL;
    const cipher_def *c = self->c;
    const void *k;
    size_t tag_len;
    CmacStreamObject *s;
    if (parse_tag_len(c, MODE_CMAC, tag_len_arg, &tag_len) == 0 && (k = mode_key(self, MODE_CMAC)) &&
        (s = cmac_stream_alloc(self, tag_len))) {
        c->m->cmac_init(s->st, k);
        WITHOUT_GIL_IF(data.len, c->m->cmac_update(s->st, data.buf, (size_t)data.len));
        result = (PyObject *)s;
    }
    PyBuffer_Release(&data); /* a no-op when not given */
    return result;
}

static PyObject *Cipher_repr(CipherObject *self)
{
    return PyUnicode_FromFormat("<lwc.Cipher %s>", self->c->id);
}

GETTER(Cipher, id, PyUnicode_FromString(self->c->id))
GETTER(Cipher, block_size, PyLong_FromSsize_t(self->c->block_bytes))
GETTER(Cipher, key_size, PyLong_FromSsize_t(self->c->key_bytes))

static PyGetSetDef Cipher_getset[] = {
    {"id", (getter)Cipher_get_id, NULL, "The cipher id (one of lwc.CIPHERS).", NULL},
    {"block_size", (getter)Cipher_get_block_size, NULL, "Block size in bytes.", NULL},
    {"key_size", (getter)Cipher_get_key_size, NULL, "Key size in bytes.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

#define MODE_METHOD(name) \
    {#name, (PyCFunction)(void (*)(void))Cipher_##name, METH_VARARGS | METH_KEYWORDS, Cipher_##name##_doc}
static PyMethodDef Cipher_methods[] = {
    {"encrypt_block", (PyCFunction)Cipher_encrypt_block, METH_O, Cipher_encrypt_block_doc},
    {"decrypt_block", (PyCFunction)Cipher_decrypt_block, METH_O, Cipher_decrypt_block_doc},
    {"ctr", (PyCFunction)Cipher_ctr, METH_O, Cipher_ctr_doc},
    {"ctr_records", (PyCFunction)Cipher_ctr_records, METH_VARARGS, Cipher_ctr_records_doc},
    MODE_METHOD(cmac),
    MODE_METHOD(cmac_verify),
    MODE_METHOD(cmac_stream),
    MODE_METHOD(eax_encrypt),
    MODE_METHOD(eax_decrypt),
    MODE_METHOD(ccm_encrypt),
    MODE_METHOD(ccm_decrypt),
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Cipher_doc,
             "Cipher(id, key)\n--\n\n"
             "A block cipher with its key schedule (built once) and the keys of its authenticated\n"
             "modes (each built on its first call, from a copy of the key), kept in C memory and\n"
             "wiped when the object is freed. id is one of lwc.CIPHERS; key must be key_size bytes\n"
             "(ValueError otherwise). Safe to share between threads.");

static PyTypeObject CipherType = OBJECT_TYPE(Cipher, Cipher_getset, Cipher_new);

/* ---- ctr_crypt ------------------------------------------------------------------------- */

PyDoc_STRVAR(ctr_crypt_doc,
             "ctr_crypt($module, /, id, key, iv, data)\n--\n\n"
             "One-shot CTR: Cipher(id, key).ctr(iv).crypt(data), without keeping the key schedule.");

static PyObject *module_ctr_crypt(PyObject *module, PyObject *args, PyObject *kwargs)
{
    (void)module;
    static char *keywords[] = {"id", "key", "iv", "data", NULL};
    PyObject *id, *result = NULL;
    Py_buffer key, iv, data;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oy*y*y*:ctr_crypt", keywords, &id, &key, &iv, &data))
        return NULL;
    const cipher_def *c = find_cipher(id);
    uint8_t *out;
    if (c && check_length(c, &key, c->key_bytes, "key") == 0 && check_length(c, &iv, c->block_bytes, "IV") == 0 &&
        (result = new_bytes(data.len, &out))) {
        any_ctr ctx;
        WITHOUT_GIL_IF(data.len, c->t->ctr_init(&ctx, key.buf, iv.buf);
                       c->t->ctr_crypt(&ctx, out, data.buf, (size_t)data.len));
        lwc_wipe(&ctx, c->ctr_size);
    }
    PyBuffer_Release(&key);
    PyBuffer_Release(&iv);
    PyBuffer_Release(&data);
    return result;
}

/* ---- Drbg ------------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    const drbg_def *d;
    int df;
    void *st;
    PyThread_type_lock lock;
} DrbgObject;

static PyTypeObject DrbgType;

static void Drbg_dealloc(DrbgObject *self)
{
    if (self->st) {
        self->d->wipe(self->st);
        secret_free(self->st, self->d->state_size);
    }
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t seed_bytes(const drbg_def *d)
{
    return d->key_bytes + d->block_bytes;
}

/* Lengths of the inputs of one call, for the message of its error (request: the n given). */
typedef struct {
    Py_ssize_t entropy, nonce, pers, add;
    PyObject *request;
} drbg_lengths;

/* Raises the lwc.errors class of a library code, naming the expected lengths; returns NULL. */
static PyObject *drbg_error(const drbg_def *d, int df, int code, const drbg_lengths *n)
{
    const Py_ssize_t max_input = df ? LWC_DRBG_MAX_INPUT : seed_bytes(d);
    const char *mode = df ? "with df" : "without df";
    PyObject *cls = code < 0 && code >= -LWC_E_COUNT ? state.errors[-code] : NULL;
    if (!cls) {
        PyErr_Format(PyExc_SystemError, "lwc: unexpected library code %d", code);
        return NULL;
    }
    switch (code) {
    case LWC_E_ENTROPY_LENGTH:
        if (df)
            PyErr_Format(cls, "entropy: got %zd bytes; %s CTR_DRBG with df takes %zd to %d bytes", n->entropy, d->id,
                         d->strength, LWC_DRBG_MAX_INPUT);
        else
            PyErr_Format(cls, "entropy: got %zd bytes; %s CTR_DRBG without df takes exactly %zd (the seed length)",
                         n->entropy, d->id, seed_bytes(d));
        break;
    case LWC_E_NONCE_LENGTH: /* SP 800-90A 8.6.7; SP 800-90C: no nonce needed with 3/2 S of entropy */
        PyErr_Format(cls,
                     "nonce: got %zd bytes; %s CTR_DRBG with df takes %zd to %d bytes (fewer only with at least "
                     "%zd bytes of entropy)",
                     n->nonce, d->id, d->strength / 2, LWC_DRBG_MAX_INPUT, 3 * d->strength / 2);
        break;
    case LWC_E_PERS_LENGTH:
        PyErr_Format(cls, "personalization: got %zd bytes; %s CTR_DRBG %s takes at most %zd", n->pers, d->id, mode,
                     max_input);
        break;
    case LWC_E_ADD_LENGTH:
        PyErr_Format(cls, "additional: got %zd bytes; %s CTR_DRBG %s takes at most %zd", n->add, d->id, mode,
                     max_input);
        break;
    case LWC_E_REQUEST_LENGTH:
        PyErr_Format(cls, "generate: %R bytes requested; %s CTR_DRBG gives at most %llu per request", n->request,
                     d->id, d->max_request);
        break;
    case LWC_E_RESEED_REQUIRED:
        PyErr_SetString(cls, "the reseed interval is exhausted: call reseed() with fresh entropy, then generate");
        break;
    case LWC_E_BAD_PARAMETER:
        PyErr_Format(cls, "reseed_interval must be 1 to %llu for %s CTR_DRBG", d->max_interval, d->id);
        break;
    default:
        PyErr_Format(cls, "%s CTR_DRBG: library error %d", d->id, code);
    }
    return NULL;
}

static PyObject *Drbg_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"id", "entropy", "nonce", "personalization", "df", "reseed_interval", NULL};
    PyObject *id, *interval_arg = Py_None;
    Py_buffer entropy, nonce, pers = {0};
    int df = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oy*y*|y*p$O:Drbg", keywords, &id, &entropy, &nonce, &pers, &df,
                                     &interval_arg))
        return NULL;
    DrbgObject *self = NULL;
    const drbg_def *d = find_drbg(id);
    unsigned long long interval = 0;
    if (d && interval_arg != Py_None) {
        PyObject *i = int_arg(interval_arg, "reseed_interval");
        if (i)
            interval = PyLong_AsUnsignedLongLong(i);
        Py_XDECREF(i);
        if (PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) { /* negative or beyond 64 bits */
                PyErr_Clear();
                drbg_error(d, df, LWC_E_BAD_PARAMETER, NULL);
            }
            d = NULL;
        }
    }
    if (d && !df && nonce.len != 0) {
        PyErr_Format(state.errors[-LWC_E_NONCE_LENGTH],
                     "nonce: without the derivation function (df=False) there is no nonce: pass b'', not %zd bytes",
                     nonce.len);
        d = NULL;
    }
    if (d && (self = (DrbgObject *)type->tp_alloc(type, 0))) {
        self->d = d;
        self->df = df;
        const drbg_lengths n = {entropy.len, nonce.len, pers.len, 0, NULL};
        int code = 0;
        if (alloc_state_and_lock(&self->st, d->state_size, &self->lock) < 0) {
            Py_CLEAR(self);
        } else if ((code = df ? d->instantiate(self->st, entropy.buf, (size_t)entropy.len, nonce.buf, (size_t)nonce.len,
                                               pers.buf, (size_t)pers.len)
                              : d->instantiate_nodf(self->st, entropy.buf, (size_t)entropy.len, pers.buf,
                                                    (size_t)pers.len)) != 0 ||
                   (interval_arg != Py_None && (code = d->set_interval(self->st, interval)) != 0)) {
            drbg_error(d, df, code, &n);
            Py_CLEAR(self);
        }
    }
    PyBuffer_Release(&entropy);
    PyBuffer_Release(&nonce);
    PyBuffer_Release(&pers); /* a no-op when not given */
    return (PyObject *)self;
}

PyDoc_STRVAR(Drbg_generate_doc,
             "generate($self, /, n, additional=b'')\n--\n\n"
             "n random bytes (at most max_request per call). Raises lwc.ReseedRequiredError once the\n"
             "reseed interval is exhausted; on any error nothing changes.");

static PyObject *Drbg_generate(DrbgObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"n", "additional", NULL};
    PyObject *n_arg, *result = NULL;
    Py_buffer add = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|y*:generate", keywords, &n_arg, &add))
        return NULL;
    uint8_t *out;
    PyObject *const n_int = int_arg(n_arg, "generate: n");
    const drbg_lengths lengths = {0, 0, 0, add.len, n_int};
    if (n_int) {
        const Py_ssize_t n = PyNumber_AsSsize_t(n_int, NULL); /* saturated: 2**63 is refused like max_request + 1 */
        if (n < 0) {
            PyErr_Format(PyExc_ValueError, "generate: n must be >= 0, got %R", n_int);
        } else if ((size_t)n > self->d->max_request) {
            drbg_error(self->d, self->df, LWC_E_REQUEST_LENGTH, &lengths);
        } else if ((result = new_bytes(n, &out))) {
            int code;
            lock_object(self->lock);
            WITHOUT_GIL_IF(n, code = self->d->generate(self->st, out, (size_t)n, add.buf, (size_t)lengths.add));
            PyThread_release_lock(self->lock);
            if (code != 0) {
                Py_CLEAR(result);
                drbg_error(self->d, self->df, code, &lengths);
            }
        }
        Py_DECREF(n_int);
    }
    PyBuffer_Release(&add); /* a no-op when not given */
    return result;
}

PyDoc_STRVAR(Drbg_reseed_doc,
             "reseed($self, /, entropy, additional=b'')\n--\n\n"
             "Reseeds with fresh entropy (lengths as for the constructor, in the same df mode).");

static PyObject *Drbg_reseed(DrbgObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"entropy", "additional", NULL};
    Py_buffer entropy, add = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*|y*:reseed", keywords, &entropy, &add))
        return NULL;
    const drbg_lengths n = {entropy.len, 0, 0, add.len, NULL};
    lock_object(self->lock);
    const int code = self->df ? self->d->reseed(self->st, entropy.buf, (size_t)entropy.len, add.buf, (size_t)n.add)
                              : self->d->reseed_nodf(self->st, entropy.buf, (size_t)entropy.len, add.buf,
                                                     (size_t)n.add);
    PyThread_release_lock(self->lock);
    PyBuffer_Release(&entropy);
    PyBuffer_Release(&add); /* a no-op when not given */
    if (code != 0)
        return drbg_error(self->d, self->df, code, &n);
    Py_RETURN_NONE;
}

static PyObject *Drbg_repr(DrbgObject *self)
{
    return PyUnicode_FromFormat("<lwc.Drbg %s df=%s>", self->d->id, self->df ? "True" : "False");
}

GETTER(Drbg, id, PyUnicode_FromString(self->d->id))
GETTER(Drbg, df, PyBool_FromLong(self->df))
GETTER(Drbg, seed_size, PyLong_FromSsize_t(seed_bytes(self->d)))
GETTER(Drbg, max_request, PyLong_FromUnsignedLongLong(self->d->max_request))

static PyGetSetDef Drbg_getset[] = {
    {"id", (getter)Drbg_get_id, NULL, "The block cipher's id (one of lwc.DRBG_CIPHERS).", NULL},
    {"df", (getter)Drbg_get_df, NULL, "Whether the derivation function is used.", NULL},
    {"seed_size", (getter)Drbg_get_seed_size, NULL, "seedlen in bytes: key + block size.", NULL},
    {"max_request", (getter)Drbg_get_max_request, NULL, "The most bytes one generate call returns.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Drbg_methods[] = {
    {"generate", (PyCFunction)(void (*)(void))Drbg_generate, METH_VARARGS | METH_KEYWORDS, Drbg_generate_doc},
    {"reseed", (PyCFunction)(void (*)(void))Drbg_reseed, METH_VARARGS | METH_KEYWORDS, Drbg_reseed_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Drbg_doc,
             "Drbg(id, entropy, nonce, personalization=b'', df=True, *, reseed_interval=None)\n--\n\n"
             "CTR_DRBG (NIST SP 800-90A, TTAK.KO-12.0189) over one of lwc.DRBG_CIPHERS. With df=True\n"
             "entropy is security-strength to 256 bytes, nonce and personalization up to 256; with\n"
             "df=False the nonce is b'', entropy is exactly seed_size bytes and personalization at\n"
             "most seed_size. reseed_interval: generate calls allowed between reseeds (default: the\n"
             "maximum). The state is kept in C memory and wiped when the object is freed.");

static PyTypeObject DrbgType = OBJECT_TYPE(Drbg, Drbg_getset, Drbg_new);

/* ---- sealed records (lwc/records.h): the gateway's opener and the node's sealer --------- */

/* A suite of this build: its id, name and the size of its key object (a member of
 * lwc_record_key's union). */
#define RECORD_SUITE_LIST(M)                                                                    \
    M(LWC_SUITE_EAX_LEA128, lea128_eax)                                                         \
    M(LWC_SUITE_EAX_HIGHT, hight_eax)                                                           \
    M(LWC_SUITE_EAX_CHAM64_128, cham64_128_eax)                                                 \
    M(LWC_SUITE_EAX_AES128, aes128_eax)                                                         \
    M(LWC_SUITE_CCM_AES128, aes128_ccm)                                                         \
    M(LWC_SUITE_ASCON_AEAD128, ascon_aead128)

/* Raises the lwc.errors class of code with message what; returns NULL. */
static PyObject *record_error(int code, const char *what)
{
    PyObject *cls = code < 0 && code >= -LWC_E_COUNT ? state.errors[-code] : PyExc_SystemError;
    PyErr_Format(cls, "%s (library code %d)", what, code);
    return NULL;
}

/* A 16-byte node or master key argument. */
static int record_key_arg(const Py_buffer *key, const char *what)
{
    if (key->len == LWC_RECORD_KEY_BYTES)
        return 0;
    PyErr_Format(PyExc_ValueError, "%s must be %d bytes, got %zd", what, LWC_RECORD_KEY_BYTES, key->len);
    return -1;
}

/* RecordKey: the opening key of one node, epoch and suite (lwc_record_setkey), in C memory. */
typedef struct {
    PyObject_HEAD
    lwc_record_key *k;
} RecordKeyObject;

static PyTypeObject RecordKeyType;

static void RecordKey_dealloc(RecordKeyObject *self)
{
    secret_free(self->k, sizeof *self->k);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A RecordKey of suite from a node key of 16 bytes (which the caller wipes). */
static PyObject *record_key_new(PyTypeObject *type, unsigned suite, const uint8_t *node_key)
{
    RecordKeyObject *self = (RecordKeyObject *)type->tp_alloc(type, 0);
    if (!self || !(self->k = secret_alloc(sizeof *self->k))) {
        Py_XDECREF(self);
        return NULL;
    }
    const int code = lwc_record_setkey(self->k, suite, node_key);
    if (code != 0) {
        Py_DECREF(self);
        return record_error(code, "RecordKey: no such suite in this build");
    }
    return (PyObject *)self;
}

static PyObject *RecordKey_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"suite", "node_key", NULL};
    unsigned suite;
    Py_buffer key;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Iy*:RecordKey", keywords, &suite, &key))
        return NULL;
    PyObject *self = record_key_arg(&key, "node_key") == 0 ? record_key_new(type, suite, key.buf) : NULL;
    PyBuffer_Release(&key);
    return self;
}

static PyObject *RecordKey_repr(RecordKeyObject *self)
{
    return PyUnicode_FromFormat("<lwc.RecordKey suite %u>", (unsigned)self->k->suite);
}

GETTER(RecordKey, suite, PyLong_FromUnsignedLong(self->k->suite))

static PyGetSetDef RecordKey_getset[] = {
    {"suite", (getter)RecordKey_get_suite, NULL, "The suite id (lwc/records.h).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef RecordKey_methods[] = {{NULL, NULL, 0, NULL}};

PyDoc_STRVAR(RecordKey_doc,
             "RecordKey(suite, node_key)\n--\n\n"
             "The opening key of one node, epoch and suite (lwc_record_setkey): the suite's key\n"
             "schedule, set up once in C memory and wiped when the object is freed.");

static PyTypeObject RecordKeyType = OBJECT_TYPE(RecordKey, RecordKey_getset, RecordKey_new);

/* RecordMaster: the gateway's master key (its AES-128 CMAC key) that derives the node keys. */
typedef struct {
    PyObject_HEAD
    lwc_aes128_cmac_key *k;
} RecordMasterObject;

static PyTypeObject RecordMasterType;

static void RecordMaster_dealloc(RecordMasterObject *self)
{
    secret_free(self->k, sizeof *self->k);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *RecordMaster_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"master_key", NULL};
    Py_buffer key;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*:RecordMaster", keywords, &key))
        return NULL;
    RecordMasterObject *self = NULL;
    if (record_key_arg(&key, "master_key") == 0 && (self = (RecordMasterObject *)type->tp_alloc(type, 0))) {
        if ((self->k = secret_alloc(sizeof *self->k)))
            lwc_aes128_cmac_setkey(self->k, key.buf);
        else
            Py_CLEAR(self);
    }
    PyBuffer_Release(&key);
    return (PyObject *)self;
}

/* The node key of (suite, node_id, epoch) into node_key (16 bytes): 0, or -1 with an error. */
static int master_derive(RecordMasterObject *self, PyObject *args, PyObject *kwargs, const char *format,
                         unsigned *suite, uint8_t *node_key)
{
    static char *keywords[] = {"suite", "node_id", "epoch", NULL};
    unsigned long node_id;
    unsigned epoch;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, suite, &node_id, &epoch))
        return -1;
    if (node_id > 0xffffffffUL || epoch > 0xff) {
        PyErr_SetString(PyExc_ValueError, "node_id must be 0 to 2**32 - 1 and epoch 0 to 255");
        return -1;
    }
    const int code = lwc_record_derive_key(self->k, node_key, *suite, (uint32_t)node_id, (uint8_t)epoch);
    if (code != 0) {
        record_error(code, "node key: no such suite in this build");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(RecordMaster_node_key_doc,
             "node_key($self, /, suite, node_id, epoch)\n--\n\n"
             "The node key (16 bytes) of the node's suite and epoch, for provisioning the node\n"
             "(docs/RECORDS.md: SP 800-108r1 KDF in counter mode, AES-128-CMAC, label lwc-record-v1).");

static PyObject *RecordMaster_node_key(RecordMasterObject *self, PyObject *args, PyObject *kwargs)
{
    unsigned suite;
    uint8_t node_key[LWC_RECORD_KEY_BYTES];
    if (master_derive(self, args, kwargs, "IkI:node_key", &suite, node_key) < 0)
        return NULL;
    PyObject *result = PyBytes_FromStringAndSize((const char *)node_key, sizeof node_key);
    lwc_wipe(node_key, sizeof node_key);
    return result;
}

PyDoc_STRVAR(RecordMaster_opening_key_doc,
             "opening_key($self, /, suite, node_id, epoch)\n--\n\n"
             "The RecordKey of that node, derived and set up in C memory (no key bytes in Python).");

static PyObject *RecordMaster_opening_key(RecordMasterObject *self, PyObject *args, PyObject *kwargs)
{
    unsigned suite;
    uint8_t node_key[LWC_RECORD_KEY_BYTES];
    PyObject *result = NULL;
    if (master_derive(self, args, kwargs, "IkI:opening_key", &suite, node_key) == 0)
        result = record_key_new(&RecordKeyType, suite, node_key);
    lwc_wipe(node_key, sizeof node_key);
    return result;
}

static PyObject *RecordMaster_repr(RecordMasterObject *self)
{
    (void)self;
    return PyUnicode_FromString("<lwc.RecordMaster>");
}

static PyMethodDef RecordMaster_methods[] = {
    {"node_key", (PyCFunction)(void (*)(void))RecordMaster_node_key, METH_VARARGS | METH_KEYWORDS,
     RecordMaster_node_key_doc},
    {"opening_key", (PyCFunction)(void (*)(void))RecordMaster_opening_key, METH_VARARGS | METH_KEYWORDS,
     RecordMaster_opening_key_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(RecordMaster_doc,
             "RecordMaster(master_key)\n--\n\n"
             "The gateway's master key (16 bytes), kept in C memory as its AES-128 CMAC key, from\n"
             "which every node key is derived (lwc_record_derive_key).");

static PyTypeObject RecordMasterType = OBJECT_TYPE(RecordMaster, NULL, RecordMaster_new);

/* Sealer: a node's sealer (lwc_X_M_sealer_init, lwc_seal), for tests and `lwc seal`. */
typedef struct {
    PyObject_HEAD
    lwc_sealer s;
    lwc_record_key *k; /* the suite's key object: its member of the union */
    PyThread_type_lock lock;
} SealerObject;

static PyTypeObject SealerType;

static void Sealer_dealloc(SealerObject *self)
{
    secret_free(self->k, sizeof *self->k);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Sealer_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"suite", "node_key", "node_id", "epoch", "boot_counter", NULL};
    unsigned suite, epoch;
    unsigned long node_id, boot;
    Py_buffer key;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Iy*kIk:Sealer", keywords, &suite, &key, &node_id, &epoch, &boot))
        return NULL;
    SealerObject *self = NULL;
    if (record_key_arg(&key, "node_key") < 0) {
    } else if (node_id > 0xffffffffUL || epoch > 0xff) {
        PyErr_SetString(PyExc_ValueError, "node_id must be 0 to 2**32 - 1 and epoch 0 to 255");
    } else if ((self = (SealerObject *)type->tp_alloc(type, 0)) &&
               alloc_state_and_lock((void **)&self->k, sizeof *self->k, &self->lock) == 0) {
        int code = LWC_E_RECORD_SUITE;
        const uint32_t id = (uint32_t)node_id;
        const uint8_t e = (uint8_t)epoch;
        const uint32_t b = boot > 0xffffffffUL ? 0xffffffffUL : (uint32_t)boot;
        switch (suite) {
#define SEALER_CASE(ID, XM)                                                                     \
    case ID:                                                                                    \
        code = lwc_##XM##_sealer_init(&self->s, &self->k->aead.XM, key.buf, id, e, b);          \
        break;
            RECORD_SUITE_LIST(SEALER_CASE)
        }
        if (code != 0) {
            Py_CLEAR(self);
            record_error(code, code == LWC_E_RECORD_SUITE ? "Sealer: no such suite in this build"
                                                          : "Sealer: boot_counter above 2**24 - 1: re-key the node");
        }
    } else {
        Py_CLEAR(self);
    }
    PyBuffer_Release(&key);
    return (PyObject *)self;
}

PyDoc_STRVAR(Sealer_seal_doc,
             "seal($self, payload, /)\n--\n\n"
             "The record of payload (20 bytes longer), and the record counter advanced (lwc_seal).\n"
             "lwc.CounterExhaustedError after 2**24 records of one boot.");

static PyObject *Sealer_seal(SealerObject *self, PyObject *arg)
{
    Py_buffer in;
    if (PyObject_GetBuffer(arg, &in, PyBUF_SIMPLE) < 0)
        return NULL;
    uint8_t *out;
    PyObject *result = new_bytes(in.len + LWC_RECORD_OVERHEAD_BYTES, &out);
    if (result) {
        int code;
        lock_object(self->lock);
        code = lwc_seal(&self->s, out, (size_t)in.len + LWC_RECORD_OVERHEAD_BYTES, in.buf, (size_t)in.len);
        PyThread_release_lock(self->lock);
        if (code != 0) {
            Py_CLEAR(result);
            record_error(code, "seal: refused");
        }
    }
    PyBuffer_Release(&in);
    return result;
}

static PyObject *Sealer_repr(SealerObject *self)
{
    return PyUnicode_FromFormat("<lwc.Sealer suite %u>", (unsigned)(self->s.header[0] & 0x0f));
}

static PyMethodDef Sealer_methods[] = {
    {"seal", (PyCFunction)Sealer_seal, METH_O, Sealer_seal_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Sealer_doc,
             "Sealer(suite, node_key, node_id, epoch, boot_counter)\n--\n\n"
             "A node's sealer (lwc/records.h): records of this boot counter, from record counter 0.\n"
             "The boot counter must be new for every Sealer under one key (docs/RECORDS.md).");

static PyTypeObject SealerType = OBJECT_TYPE(Sealer, NULL, Sealer_new);

/* Record: the structseq of one opened (or refused) record. */
static PyTypeObject RecordType;
static PyStructSequence_Field record_fields[] = {
    {"node_id", "the node's id (None if the record could not be parsed)"},
    {"counter", "boot counter << 24 | record counter (None if not parsed)"},
    {"payload", "the decrypted payload (None unless status is 0)"},
    {"suite", "the suite id (None if not parsed)"},
    {"epoch", "the key epoch (None if not parsed)"},
    {"status", "0: accepted; else the LWC_E_* code of the refusal (lwc.errors.BY_CODE)"},
    {NULL, NULL},
};
static PyStructSequence_Desc record_desc = {
    "lwc.Record", "A sealed record opened by lwc.records.Opener (or refused: status < 0).", record_fields, 6,
};

/* One node's key in a batch: node_id << 16 | epoch << 8 | suite. */
#define NODE_KEY(info) ((uint64_t)(info)->node_id << 16 | (uint64_t)(info)->epoch << 8 | (info)->suite)
#define NO_NODE UINT32_MAX

/*
 * RecordBatch: records copied once into one buffer, parsed, grouped by node (node id,
 * epoch, suite); open() checks, verifies, decrypts (in place) and updates the windows
 * without the GIL; then the results as Records or as Arrow buffers.
 */
typedef struct {
    PyObject_HEAD
    Py_ssize_t n, n_nodes;
    uint8_t *data; /* the records back to back, then payloads in place */
    size_t total;
    size_t *offsets;       /* n + 1 */
    lwc_record_info *info; /* n */
    int *status;           /* n: the parse's, then open's verdict */
    uint32_t *node_of;     /* n: index into nodes, NO_NODE if not parsed */
    uint64_t *nodes;       /* n_nodes, NODE_KEY */
    int opened;            /* BATCH_NEW, BATCH_OPENING (open() runs without the GIL), BATCH_OPENED */
} RecordBatchObject;

enum { BATCH_NEW, BATCH_OPENING, BATCH_OPENED };

static PyTypeObject RecordBatchType;

static void RecordBatch_dealloc(RecordBatchObject *self)
{
    if (self->data)
        lwc_wipe(self->data, self->total);
    PyMem_Free(self->data);
    PyMem_Free(self->offsets);
    PyMem_Free(self->info);
    PyMem_Free(self->status);
    PyMem_Free(self->node_of);
    PyMem_Free(self->nodes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The arrays of n records of total bytes; -1 with MemoryError. */
static int record_batch_alloc(RecordBatchObject *b, Py_ssize_t n, size_t total)
{
    const size_t m = n ? (size_t)n : 1;
    b->n = n;
    b->total = total;
    if (!(b->data = PyMem_Malloc(total ? total : 1)) || !(b->offsets = PyMem_Malloc((m + 1) * sizeof *b->offsets)) ||
        !(b->info = PyMem_Malloc(m * sizeof *b->info)) || !(b->status = PyMem_Malloc(m * sizeof *b->status)) ||
        !(b->node_of = PyMem_Malloc(m * sizeof *b->node_of)) || !(b->nodes = PyMem_Malloc(m * sizeof *b->nodes))) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Parses every record and numbers the distinct nodes (open addressing over NODE_KEY); the
 * GIL may be released. -1 if the table cannot be allocated. */
static int record_batch_parse(RecordBatchObject *b)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)b->n)
        cap *= 2;
    uint32_t *slots = PyMem_RawMalloc(cap * sizeof *slots);
    if (!slots)
        return -1;
    memset(slots, 0xff, cap * sizeof *slots);
    b->n_nodes = 0;
    for (Py_ssize_t i = 0; i < b->n; i++) {
        b->node_of[i] = NO_NODE;
        if (b->status[i] != 0)
            continue;
        lwc_record_info *info = &b->info[i];
        if ((b->status[i] = lwc_record_parse(info, b->data + b->offsets[i], b->offsets[i + 1] - b->offsets[i])) != 0)
            continue;
        const uint64_t key = NODE_KEY(info);
        size_t s = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 20) & (cap - 1);
        while (slots[s] != NO_NODE && b->nodes[slots[s]] != key)
            s = (s + 1) & (cap - 1);
        if (slots[s] == NO_NODE) {
            slots[s] = (uint32_t)b->n_nodes;
            b->nodes[b->n_nodes++] = key;
        }
        b->node_of[i] = slots[s];
    }
    PyMem_RawFree(slots);
    return 0;
}

/* The parse of a batch gathered; the batch itself, or NULL. */
static PyObject *record_batch_finish(RecordBatchObject *b)
{
    int rc;
    WITHOUT_GIL_IF(b->total, rc = record_batch_parse(b));
    if (rc < 0) {
        Py_DECREF(b);
        return PyErr_NoMemory();
    }
    return (PyObject *)b;
}

/* RecordBatch(records): records, an iterable of bytes-like objects. */
static PyObject *RecordBatch_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"records", NULL};
    PyObject *arg;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:RecordBatch", keywords, &arg))
        return NULL;
    if (PyObject_CheckBuffer(arg)) {
        PyErr_Format(PyExc_TypeError, "records must be a sequence of bytes-like objects, not one %.100s",
                     Py_TYPE(arg)->tp_name);
        return NULL;
    }
    PyObject *seq = PySequence_Fast(arg, "records must be an iterable of bytes-like objects");
    if (!seq)
        return NULL;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    RecordBatchObject *b = NULL;
    size_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyBytes_Check(items[i])) {
            total += (size_t)PyBytes_GET_SIZE(items[i]);
        } else {
            Py_buffer v;
            if (item_view(items[i], "records", i, &v) < 0)
                goto fail;
            total += (size_t)v.len;
            PyBuffer_Release(&v);
        }
    }
    if (!(b = (RecordBatchObject *)type->tp_alloc(type, 0)) || record_batch_alloc(b, n, total) < 0)
        goto fail;
    size_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_buffer v;
        if (PyBytes_Check(items[i])) {
            v.buf = PyBytes_AS_STRING(items[i]);
            v.len = PyBytes_GET_SIZE(items[i]);
            v.obj = NULL;
        } else if (item_view(items[i], "records", i, &v) < 0) {
            goto fail;
        }
        const int fits = (size_t)v.len <= total - at;
        if (fits)
            memcpy(b->data + at, v.buf, (size_t)v.len);
        b->offsets[i] = at;
        b->status[i] = 0;
        at += (size_t)v.len;
        if (v.obj)
            PyBuffer_Release(&v);
        if (!fits) {
            PyErr_Format(PyExc_ValueError, "records[%zd] changed size during the call", i);
            goto fail;
        }
    }
    b->offsets[n] = at;
    Py_DECREF(seq);
    return record_batch_finish(b);
fail:
    Py_XDECREF(b);
    Py_DECREF(seq);
    return NULL;
}

PyDoc_STRVAR(RecordBatch_from_arrow_doc,
             "_record_batch_from_arrow($module, /, offsets, data, offset_bytes, start, n, validity)\n--\n\n"
             "The batch of the n records of an Arrow binary (offset_bytes 4) or large_binary (8)\n"
             "array from element start: its offsets and data buffers and its validity bitmap (None:\n"
             "no nulls). A null record is refused as truncated (LWC_E_RECORD_SHORT).");

static PyObject *RecordBatch_from_arrow(PyObject *module, PyObject *args, PyObject *kwargs)
{
    PyTypeObject *const type = &RecordBatchType;
    (void)module;
    static char *keywords[] = {"offsets", "data", "offset_bytes", "start", "n", "validity", NULL};
    Py_buffer offs, data, valid = {0};
    PyObject *valid_arg;
    int width;
    Py_ssize_t start, n;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*innO:_record_batch_from_arrow", keywords, &offs, &data,
                                     &width, &start, &n, &valid_arg))
        return NULL;
    RecordBatchObject *b = NULL;
    const uint8_t *ob = offs.buf, *vb = NULL;
    int ok = valid_arg == Py_None || PyObject_GetBuffer(valid_arg, &valid, PyBUF_SIMPLE) == 0;
    if (ok && valid.obj)
        vb = valid.buf;
    if (ok && ((width != 4 && width != 8) || start < 0 || n < 0 || (offs.len / width) < start + n + 1 ||
               (vb && valid.len * 8 < start + n))) {
        PyErr_SetString(PyExc_ValueError,
                        "_record_batch_from_arrow: offsets, validity or offset width do not fit the array");
        ok = 0;
    }
#define ARROW_OFFSET(j) (width == 4 ? (int64_t)((const int32_t *)ob)[j] : ((const int64_t *)ob)[j])
    int64_t first = 0, last = 0;
    if (ok) {
        first = ARROW_OFFSET(start);
        last = ARROW_OFFSET(start + n);
        for (Py_ssize_t i = 0; ok && i < n; i++)
            ok = ARROW_OFFSET(start + i) <= ARROW_OFFSET(start + i + 1);
        if (!ok || first < 0 || last < first || last > data.len) {
            PyErr_SetString(PyExc_ValueError,
                            "_record_batch_from_arrow: offsets out of order or beyond the data buffer");
            ok = 0;
        }
    }
    if (ok && (b = (RecordBatchObject *)type->tp_alloc(type, 0)) &&
        record_batch_alloc(b, n, (size_t)(last - first)) == 0) {
        memcpy(b->data, (const uint8_t *)data.buf + first, b->total);
        for (Py_ssize_t i = 0; i < n; i++) {
            const Py_ssize_t j = start + i;
            b->offsets[i] = (size_t)(ARROW_OFFSET(j) - first);
            b->status[i] = vb && !(vb[j >> 3] >> (j & 7) & 1) ? LWC_E_RECORD_SHORT : 0;
        }
        b->offsets[n] = b->total;
    } else {
        Py_CLEAR(b);
    }
#undef ARROW_OFFSET
    PyBuffer_Release(&offs);
    PyBuffer_Release(&data);
    if (valid.obj)
        PyBuffer_Release(&valid);
    return b ? record_batch_finish(b) : NULL;
}

PyDoc_STRVAR(RecordBatch_nodes_doc,
             "nodes($self, /)\n--\n\n"
             "The distinct (node_id, epoch, suite) of the parsed records, in order of appearance.");

static PyObject *RecordBatch_nodes(RecordBatchObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *list = PyList_New(self->n_nodes);
    for (Py_ssize_t t = 0; list && t < self->n_nodes; t++) {
        const uint64_t k = self->nodes[t];
        PyObject *row =
            Py_BuildValue("(kII)", (unsigned long)(k >> 16), (unsigned)(k >> 8 & 0xff), (unsigned)(k & 0xff));
        if (!row)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, t, row);
    }
    return list;
}

/* What open() needs beside the batch, allocated with the GIL: per record the verdict of its
 * tag, and the records to verify grouped by node (their indexes, pointers and parses). */
typedef struct {
    int *verdict;                 /* n: lwc_record_open's, or NOT_VERIFIED */
    size_t *first;                /* n_nodes + 1: node t's records at [first[t], first[t + 1]) */
    Py_ssize_t *index;            /* n */
    uint8_t **record;             /* n */
    const lwc_record_info **info; /* n */
    int *got;                     /* n */
} batch_scratch;

/* Not library codes: the record's tag is to be verified, or was not (refused before). */
#define TO_VERIFY 1
#define NOT_VERIFIED 2

static void batch_scratch_free(batch_scratch *s)
{
    if (!s)
        return;
    PyMem_Free(s->verdict);
    PyMem_Free(s->first);
    PyMem_Free(s->index);
    PyMem_Free(s->record);
    PyMem_Free(s->info);
    PyMem_Free(s->got);
    PyMem_Free(s);
}

static batch_scratch *batch_scratch_new(const RecordBatchObject *b)
{
    const size_t n = b->n ? (size_t)b->n : 1;
    batch_scratch *s = PyMem_Calloc(1, sizeof *s);
    if (s && (s->verdict = PyMem_Malloc(n * sizeof *s->verdict)) &&
        (s->first = PyMem_Malloc(((size_t)b->n_nodes + 1) * sizeof *s->first)) &&
        (s->index = PyMem_Malloc(n * sizeof *s->index)) && (s->record = PyMem_Malloc(n * sizeof *s->record)) &&
        (s->info = PyMem_Malloc(n * sizeof *s->info)) && (s->got = PyMem_Malloc(n * sizeof *s->got)))
        return s;
    batch_scratch_free(s);
    return NULL;
}

/*
 * open()'s work, without the GIL. The verdict of a record is, in order: LWC_E_AUTH without
 * a key, its window's (as the records before it left the window), its tag's, then the
 * window's update. Tags do not depend on the windows, so they are verified first, node by
 * node (lwc_simd_open_records: SIMD across the records of a node); then the records go
 * through their windows in order. A record its window refuses as the batch starts is
 * refused at its turn too (a window only refuses more as it moves), so it costs no crypto.
 * A record whose tag matched but which its window refuses has its payload wiped.
 */
static void batch_open(RecordBatchObject *self, batch_scratch *s, const lwc_record_key *const *k,
                       const size_t *w_of, lwc_replay_window *w)
{
    const Py_ssize_t n = self->n, nt = self->n_nodes;
    Py_ssize_t i, t;
    memset(s->first, 0, ((size_t)nt + 1) * sizeof *s->first);
    for (i = 0; i < n; i++) { /* the records to verify, counted per node */
        const uint32_t u = self->node_of[i];
        const int verify = self->status[i] == 0 && k[u] && lwc_replay_check(&w[w_of[u]], self->info[i].counter) == 0;
        s->verdict[i] = verify ? TO_VERIFY : NOT_VERIFIED;
        s->first[verify ? u + 1 : 0] += (size_t)verify;
    }
    for (t = 0; t < nt; t++)
        s->first[t + 1] += s->first[t];
    for (i = 0; i < n; i++) { /* grouped by node, in order within each */
        if (s->verdict[i] == TO_VERIFY) {
            const size_t at = s->first[self->node_of[i]]++;
            s->index[at] = i;
            s->record[at] = self->data + self->offsets[i];
            s->info[at] = &self->info[i];
        }
    }
    for (t = nt; t > 0; t--) /* first[t] is node t's end now: back to its start */
        s->first[t] = s->first[t - 1];
    s->first[0] = 0;
    for (t = 0; t < nt; t++) {
        const size_t a = s->first[t], count = s->first[t + 1] - a;
        if (count)
            lwc_simd_open_records(k[t], s->record + a, s->info + a, count, s->got + a);
    }
    for (size_t at = 0; at < s->first[nt]; at++)
        s->verdict[s->index[at]] = s->got[at];
    for (i = 0; i < n; i++) {
        if (self->status[i] != 0)
            continue;
        const uint32_t u = self->node_of[i];
        const lwc_record_info *info = &self->info[i];
        lwc_replay_window *win = &w[w_of[u]];
        int code = k[u] ? lwc_replay_check(win, info->counter) : LWC_E_AUTH;
        if (code == 0)
            code = s->verdict[i] == NOT_VERIFIED ? LWC_E_AUTH : s->verdict[i]; /* NOT_VERIFIED: never */
        if (code == 0)
            code = lwc_replay_update(win, info->counter);
        if (code != 0 && s->verdict[i] == 0)
            lwc_wipe(self->data + self->offsets[i] + LWC_RECORD_HEADER_BYTES, info->payload_len);
        self->status[i] = code;
    }
}

PyDoc_STRVAR(RecordBatch_open_doc,
             "open($self, /, keys, window_of, windows)\n--\n\n"
             "Opens every parsed record without the GIL: record of node t (nodes()[t]) under keys[t]\n"
             "(a RecordKey, or None: refused, LWC_E_AUTH), checked against and then marked in\n"
             "windows[window_of[t]], a (highest, seen) pair of lwc_replay_window. Returns the windows\n"
             "after the batch, as a new list. Once per batch.");

static PyObject *RecordBatch_open(RecordBatchObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"keys", "window_of", "windows", NULL};
    PyObject *keys_arg, *of_arg, *windows_arg;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO:open", keywords, &keys_arg, &of_arg, &windows_arg))
        return NULL;
    if (self->opened != BATCH_NEW) {
        PyErr_SetString(PyExc_RuntimeError, "RecordBatch.open: this batch was opened already");
        return NULL;
    }
    PyObject *keys = PySequence_Tuple(keys_arg), *of = keys ? PySequence_Tuple(of_arg) : NULL;
    PyObject *wins = of ? PySequence_Tuple(windows_arg) : NULL, *result = NULL;
    const lwc_record_key **k = NULL;
    size_t *w_of = NULL;
    lwc_replay_window *w = NULL;
    batch_scratch *s = NULL;
    if (!wins)
        goto done;
    const Py_ssize_t nt = self->n_nodes, nw = PyTuple_GET_SIZE(wins);
    if (PyTuple_GET_SIZE(keys) != nt || PyTuple_GET_SIZE(of) != nt) {
        PyErr_Format(PyExc_ValueError, "open: %zd nodes, but %zd keys and %zd window indexes", nt,
                     PyTuple_GET_SIZE(keys), PyTuple_GET_SIZE(of));
        goto done;
    }
    if (!(k = PyMem_Malloc((nt ? nt : 1) * sizeof *k)) || !(w_of = PyMem_Malloc((nt ? nt : 1) * sizeof *w_of)) ||
        !(w = PyMem_Malloc((nw ? nw : 1) * sizeof *w))) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t t = 0; t < nt; t++) {
        PyObject *key = PyTuple_GET_ITEM(keys, t);
        const Py_ssize_t j = PyNumber_AsSsize_t(PyTuple_GET_ITEM(of, t), PyExc_OverflowError);
        if (key != Py_None && !PyObject_TypeCheck(key, &RecordKeyType)) {
            PyErr_Format(PyExc_TypeError, "open: keys[%zd] must be a RecordKey or None, not %.100s", t,
                         Py_TYPE(key)->tp_name);
            goto done;
        }
        if (j == -1 && PyErr_Occurred())
            goto done;
        if (j < 0 || j >= nw) {
            PyErr_Format(PyExc_IndexError, "open: window_of[%zd] = %zd, not an index of the %zd windows", t, j, nw);
            goto done;
        }
        k[t] = key == Py_None ? NULL : ((RecordKeyObject *)key)->k;
        w_of[t] = (size_t)j;
    }
    for (Py_ssize_t j = 0; j < nw; j++) {
        unsigned long long highest, seen;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(wins, j), "KK:open: a window", &highest, &seen))
            goto done;
        w[j].highest = highest;
        w[j].seen = seen;
    }
    if (!(s = batch_scratch_new(self))) {
        PyErr_NoMemory();
        goto done;
    }
    self->opened = BATCH_OPENING; /* results are refused until every record has its verdict */
    WITHOUT_GIL_IF(self->total, batch_open(self, s, k, w_of, w));
    self->opened = BATCH_OPENED;
    if (!(result = PyList_New(nw)))
        goto done;
    for (Py_ssize_t j = 0; j < nw; j++) {
        PyObject *pair = Py_BuildValue("(KK)", (unsigned long long)w[j].highest, (unsigned long long)w[j].seen);
        if (!pair) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, j, pair);
    }
done:
    batch_scratch_free(s);
    PyMem_Free(k);
    PyMem_Free(w_of);
    PyMem_Free(w);
    Py_XDECREF(keys);
    Py_XDECREF(of);
    Py_XDECREF(wins);
    return result;
}

/* A new reference to None (Py_NewRef is Python 3.10+). */
static PyObject *none_ref(void)
{
    Py_INCREF(Py_None);
    return Py_None;
}

/* Record i of the batch as a Record (its payload only if accepted after open()). */
static PyObject *record_of(RecordBatchObject *self, Py_ssize_t i)
{
    PyObject *r = PyStructSequence_New(&RecordType);
    if (!r)
        return NULL;
    const lwc_record_info *info = &self->info[i];
    const int parsed = self->node_of[i] != NO_NODE, accepted = self->opened == BATCH_OPENED && self->status[i] == 0;
    PyObject *v[6];
    v[0] = parsed ? PyLong_FromUnsignedLong(info->node_id) : none_ref();
    v[1] = parsed ? PyLong_FromUnsignedLongLong(info->counter) : none_ref();
    v[2] = accepted ? PyBytes_FromStringAndSize((const char *)self->data + self->offsets[i] + LWC_RECORD_HEADER_BYTES,
                                                (Py_ssize_t)info->payload_len)
                    : none_ref();
    v[3] = parsed ? PyLong_FromLong(info->suite) : none_ref();
    v[4] = parsed ? PyLong_FromLong(info->epoch) : none_ref();
    v[5] = PyLong_FromLong(self->opened == BATCH_OPENED || self->status[i] ? self->status[i] : LWC_E_AUTH);
    for (int f = 0; f < 6; f++) {
        if (!v[f]) {
            for (int g = 0; g < 6; g++)
                Py_XDECREF(v[g]);
            Py_DECREF(r);
            return NULL;
        }
        PyStructSequence_SET_ITEM(r, f, v[f]);
    }
    return r;
}

PyDoc_STRVAR(RecordBatch_records_doc,
             "records($self, /)\n--\n\n"
             "A list of one lwc.Record per record, in order: the payload of each accepted one.");

/* Results are refused while another thread's open() runs (payloads not yet verified). */
static int batch_settled(const RecordBatchObject *self)
{
    if (self->opened != BATCH_OPENING)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "RecordBatch: open() has not finished");
    return 0;
}

static PyObject *RecordBatch_records(RecordBatchObject *self, PyObject *unused)
{
    (void)unused;
    if (!batch_settled(self))
        return NULL;
    PyObject *list = PyList_New(self->n);
    for (Py_ssize_t i = 0; list && i < self->n; i++) {
        PyObject *r = record_of(self, i);
        if (!r)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, r);
    }
    return list;
}

PyDoc_STRVAR(RecordBatch_arrow_buffers_doc,
             "arrow_buffers($self, /)\n--\n\n"
             "The columns as Arrow buffers (bytes): node_id (uint32), counter (uint64), epoch and\n"
             "suite (uint8), status (int8), the payloads' int32 offsets and data, and the validity\n"
             "bitmap of the payloads and of the parsed fields (LSB first); then the counts of null\n"
             "payloads and of unparsed records.");

static PyObject *RecordBatch_arrow_buffers(RecordBatchObject *self, PyObject *unused)
{
    (void)unused;
    if (!batch_settled(self))
        return NULL;
    const Py_ssize_t n = self->n, bitmap = (n + 7) / 8;
    size_t payload_total = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (self->opened == BATCH_OPENED && self->status[i] == 0)
            payload_total += self->info[i].payload_len;
    if (payload_total > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "arrow: more than 2 GiB of payload in one batch");
        return NULL;
    }
    uint8_t *node_id, *counter, *epoch, *suite, *status, *offs, *pay, *pvalid, *fvalid;
    PyObject *bufs[9] = {new_bytes(4 * n, &node_id), new_bytes(8 * n, &counter), new_bytes(n, &epoch),
                         new_bytes(n, &suite), new_bytes(n, &status), new_bytes(4 * (n + 1), &offs),
                         new_bytes((Py_ssize_t)payload_total, &pay), new_bytes(bitmap, &pvalid),
                         new_bytes(bitmap, &fvalid)};
    for (int f = 0; f < 9; f++)
        if (!bufs[f]) {
            for (int g = 0; g < 9; g++)
                Py_XDECREF(bufs[g]);
            return NULL;
        }
    Py_ssize_t null_payloads = 0, unparsed = 0;
    memset(pvalid, 0, (size_t)bitmap);
    memset(fvalid, 0, (size_t)bitmap);
    int32_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        const lwc_record_info *info = &self->info[i];
        const int parsed = self->node_of[i] != NO_NODE, accepted = self->opened == BATCH_OPENED && self->status[i] == 0;
        const uint32_t id = parsed ? info->node_id : 0;
        const uint64_t c = parsed ? info->counter : 0;
        memcpy(node_id + 4 * i, &id, 4); /* Arrow's buffers are little-endian, as the hosts that run this */
        memcpy(counter + 8 * i, &c, 8);
        epoch[i] = parsed ? info->epoch : 0;
        suite[i] = parsed ? info->suite : 0;
        status[i] = (uint8_t)(int8_t)(self->opened == BATCH_OPENED || self->status[i] ? self->status[i] : LWC_E_AUTH);
        memcpy(offs + 4 * i, &at, 4);
        if (accepted) {
            memcpy(pay + at, self->data + self->offsets[i] + LWC_RECORD_HEADER_BYTES, info->payload_len);
            at += (int32_t)info->payload_len;
            pvalid[i >> 3] |= (uint8_t)(1u << (i & 7));
        } else {
            null_payloads++;
        }
        if (parsed)
            fvalid[i >> 3] |= (uint8_t)(1u << (i & 7));
        else
            unparsed++;
    }
    memcpy(offs + 4 * n, &at, 4);
    return Py_BuildValue("(NNNNNNNNNnn)", bufs[0], bufs[1], bufs[2], bufs[3], bufs[4], bufs[5], bufs[6], bufs[7],
                         bufs[8], null_payloads, unparsed);
}

static PyObject *RecordBatch_repr(RecordBatchObject *self)
{
    return PyUnicode_FromFormat("<lwc.RecordBatch %zd records of %zd nodes>", self->n, self->n_nodes);
}

GETTER(RecordBatch, size, PyLong_FromSsize_t(self->n))

static PyGetSetDef RecordBatch_getset[] = {
    {"size", (getter)RecordBatch_get_size, NULL, "The number of records.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef RecordBatch_methods[] = {
    {"nodes", (PyCFunction)RecordBatch_nodes, METH_NOARGS, RecordBatch_nodes_doc},
    {"open", (PyCFunction)(void (*)(void))RecordBatch_open, METH_VARARGS | METH_KEYWORDS, RecordBatch_open_doc},
    {"records", (PyCFunction)RecordBatch_records, METH_NOARGS, RecordBatch_records_doc},
    {"arrow_buffers", (PyCFunction)RecordBatch_arrow_buffers, METH_NOARGS, RecordBatch_arrow_buffers_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(RecordBatch_doc,
             "RecordBatch(records)\n--\n\n"
             "Sealed records (an iterable of bytes-like objects), copied once into C memory and\n"
             "parsed (lwc_record_parse): the engine of lwc.records.Opener.open_many, which resolves\n"
             "nodes()' keys and windows, calls open() once, stores the windows, then takes records()\n"
             "or arrow_buffers(). The copy, which ends up holding the payloads, is wiped when the\n"
             "batch is freed.");

static PyTypeObject RecordBatchType = OBJECT_TYPE(RecordBatch, RecordBatch_getset, RecordBatch_new);

/* ---- Ascon (lwc/ascon.h): Ascon, ascon_hash256, AsconHash256, AsconXof128, AsconCxof128 ---- */

/* Raises the lwc.errors class of an Ascon code (what: "Ascon-AEAD128", ...); returns NULL. */
static PyObject *ascon_error(const char *what, int code, Py_ssize_t length)
{
    PyObject *cls = code < 0 && code >= -LWC_E_COUNT ? state.errors[-code] : NULL;
    if (!cls) {
        PyErr_Format(PyExc_SystemError, "lwc: unexpected library code %d", code);
        return NULL;
    }
    switch (code) {
    case LWC_E_NONCE_LENGTH:
        PyErr_Format(cls, "%s nonce must be %d bytes, got %zd", what, LWC_ASCON_AEAD128_NONCE_BYTES, length);
        break;
    case LWC_E_BAD_PARAMETER:
        PyErr_Format(cls, "%s customization string must be at most %d bytes (2048 bits), got %zd", what,
                     LWC_ASCON_CXOF128_MAX_CUSTOM, length);
        break;
    case LWC_E_AUTH:
        PyErr_Format(cls, "%s: MAC check failed: the tag does not match the nonce, associated data and ciphertext "
                     "under this key; no plaintext is released", what);
        break;
    default:
        PyErr_Format(cls, "%s: library error %d", what, code);
    }
    return NULL;
}

typedef struct {
    PyObject_HEAD
    lwc_ascon_aead128_key *k;
} AsconObject;

static PyTypeObject AsconType;

static void Ascon_dealloc(AsconObject *self)
{
    secret_free(self->k, sizeof *self->k);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Ascon_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"key", NULL};
    Py_buffer key;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*:Ascon", keywords, &key))
        return NULL;
    AsconObject *self = NULL;
    if (key.len != LWC_ASCON_AEAD128_KEY_BYTES)
        PyErr_Format(PyExc_ValueError, "Ascon-AEAD128 key must be %d bytes, got %zd", LWC_ASCON_AEAD128_KEY_BYTES,
                     key.len);
    else if ((self = (AsconObject *)type->tp_alloc(type, 0)) && !(self->k = secret_alloc(sizeof *self->k)))
        Py_CLEAR(self);
    else if (self)
        lwc_ascon_aead128_setkey(self->k, key.buf);
    PyBuffer_Release(&key);
    return (PyObject *)self;
}

/* tag_len: None (16) or an int of 4..16; a bool is refused (TypeError). Returns 0 or -1. */
static int ascon_tag_len(PyObject *arg, size_t *tag_len)
{
    if (arg == Py_None) {
        *tag_len = LWC_ASCON_AEAD128_TAG_BYTES;
        return 0;
    }
    if (PyBool_Check(arg) || !PyLong_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "tag_len must be an int or None, not %.100s", Py_TYPE(arg)->tp_name);
        return -1;
    }
    const Py_ssize_t n = PyNumber_AsSsize_t(arg, NULL); /* saturates: any huge value is refused alike */
    if (n < LWC_ASCON_AEAD128_MIN_TAG_BYTES || n > LWC_ASCON_AEAD128_TAG_BYTES) {
        PyErr_Format(state.errors[-LWC_E_TAG_LENGTH], "Ascon-AEAD128 tag must be %d to %d bytes, got %R",
                     LWC_ASCON_AEAD128_MIN_TAG_BYTES, LWC_ASCON_AEAD128_TAG_BYTES, arg);
        return -1;
    }
    *tag_len = (size_t)n;
    return 0;
}

PyDoc_STRVAR(Ascon_encrypt_doc,
             "encrypt($self, /, nonce, data, ad=b'', tag_len=None)\n--\n\n"
             "Ascon-AEAD128 (NIST SP 800-232): encrypts data and authenticates it with the associated\n"
             "data ad (sent in clear); returns (ciphertext, tag), the ciphertext as long as data.\n"
             "nonce: 16 bytes, never used twice with one key (lwc.NonceLengthError otherwise).\n"
             "tag_len: 4 to 16 (None: 16; lwc.TagLengthError otherwise): the first tag_len bytes of\n"
             "the tag.");

static PyObject *Ascon_encrypt(AsconObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"nonce", "data", "ad", "tag_len", NULL};
    Py_buffer nonce, data, ad = {0};
    PyObject *tag_len_arg = Py_None, *result = NULL, *ct;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*|y*O:encrypt", keywords, &nonce, &data, &ad, &tag_len_arg))
        return NULL;
    size_t tag_len;
    uint8_t tag[LWC_ASCON_AEAD128_TAG_BYTES], *out;
    if (ascon_tag_len(tag_len_arg, &tag_len) == 0 && (ct = new_bytes(data.len, &out))) {
        int code;
        WITHOUT_GIL_IF(data.len + ad.len,
                       code = lwc_ascon_aead128_encrypt(self->k, out, tag, tag_len, nonce.buf, (size_t)nonce.len,
                                                        ad.buf, (size_t)ad.len, data.buf, (size_t)data.len));
        PyObject *tag_bytes = code ? ascon_error("Ascon-AEAD128", code, nonce.len)
                                   : PyBytes_FromStringAndSize((const char *)tag, (Py_ssize_t)tag_len);
        if (tag_bytes)
            result = PyTuple_Pack(2, ct, tag_bytes);
        Py_XDECREF(tag_bytes);
        Py_DECREF(ct);
    }
    PyBuffer_Release(&nonce);
    PyBuffer_Release(&data);
    PyBuffer_Release(&ad); /* a no-op when not given */
    return result;
}

PyDoc_STRVAR(Ascon_decrypt_doc,
             "decrypt($self, /, nonce, ct, tag, ad=b'', tag_len=None)\n--\n\n"
             "Checks tag over nonce, ad and ct, and returns the plaintext only if it matches:\n"
             "otherwise raises lwc.AuthenticationError and releases no plaintext. tag_len is the tag\n"
             "length the sender uses (None: 16); a tag of another length does not match, so pass\n"
             "tag_len for truncated tags. The check takes the same time whether the tag matches or\n"
             "not.");

static PyObject *Ascon_decrypt(AsconObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"nonce", "ct", "tag", "ad", "tag_len", NULL};
    Py_buffer nonce, ct, tag, ad = {0};
    PyObject *tag_len_arg = Py_None, *result = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*y*|y*O:decrypt", keywords, &nonce, &ct, &tag, &ad,
                                     &tag_len_arg))
        return NULL;
    size_t tag_len;
    uint8_t *out;
    if (ascon_tag_len(tag_len_arg, &tag_len) == 0) {
        if ((size_t)tag.len != tag_len) {
            PyErr_Format(state.errors[-LWC_E_AUTH], "Ascon-AEAD128: MAC check failed: the tag is %zd bytes, not "
                         "tag_len = %zu", tag.len, tag_len);
        } else if ((result = new_bytes(ct.len, &out))) {
            int code;
            WITHOUT_GIL_IF(ct.len + ad.len,
                           code = lwc_ascon_aead128_decrypt(self->k, out, tag.buf, tag_len, nonce.buf,
                                                            (size_t)nonce.len, ad.buf, (size_t)ad.len, ct.buf,
                                                            (size_t)ct.len));
            if (code) { /* out is all zero then (LWC_E_AUTH) or untouched: dropped either way */
                Py_CLEAR(result);
                ascon_error("Ascon-AEAD128", code, nonce.len);
            }
        }
    }
    PyBuffer_Release(&nonce);
    PyBuffer_Release(&ct);
    PyBuffer_Release(&tag);
    PyBuffer_Release(&ad); /* a no-op when not given */
    return result;
}

static PyObject *Ascon_repr(AsconObject *self)
{
    (void)self;
    return PyUnicode_FromString("<lwc.Ascon Ascon-AEAD128>");
}

static PyMethodDef Ascon_methods[] = {
    {"encrypt", (PyCFunction)(void (*)(void))Ascon_encrypt, METH_VARARGS | METH_KEYWORDS, Ascon_encrypt_doc},
    {"decrypt", (PyCFunction)(void (*)(void))Ascon_decrypt, METH_VARARGS | METH_KEYWORDS, Ascon_decrypt_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Ascon_doc,
             "Ascon(key)\n--\n\n"
             "Ascon-AEAD128 (NIST SP 800-232) with a 16-byte key (ValueError otherwise), kept in C\n"
             "memory and wiped when the object is freed. Safe to share between threads; calls on\n"
             "4 KiB or more release the GIL.");

static PyTypeObject AsconType = OBJECT_TYPE(Ascon, NULL, Ascon_new);

/* The hashes: a sponge state in C memory (wiped when freed) and a lock for its updates. */
enum { ASCON_PY_HASH256, ASCON_PY_XOF128, ASCON_PY_CXOF128 };
static const char *const ascon_py_names[] = {"ascon-hash256", "ascon-xof128", "ascon-cxof128"};

typedef union {
    lwc_ascon_hash256_state hash;
    lwc_ascon_xof128_state xof;
} ascon_py_state;

typedef struct {
    PyObject_HEAD
    int kind;
    ascon_py_state *st;
    PyThread_type_lock lock;
} AsconHashObject;

static void AsconHash_dealloc(AsconHashObject *self)
{
    secret_free(self->st, sizeof *self->st);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A new object of type, kind, its state started (custom: CXOF128's string) or copied from
 * a state; NULL with an exception set. */
static AsconHashObject *ascon_hash_alloc(PyTypeObject *type, int kind, const Py_buffer *custom,
                                         const ascon_py_state *from)
{
    AsconHashObject *self = (AsconHashObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    self->kind = kind;
    if (!(self->st = secret_alloc(sizeof *self->st)) || !(self->lock = PyThread_allocate_lock())) {
        if (self->st)
            PyErr_NoMemory();
        Py_DECREF(self);
        return NULL;
    }
    int code = 0;
    if (from)
        memcpy(self->st, from, sizeof *self->st);
    else if (kind == ASCON_PY_HASH256)
        lwc_ascon_hash256_init(&self->st->hash);
    else if (kind == ASCON_PY_XOF128)
        lwc_ascon_xof128_init(&self->st->xof);
    else
        code = lwc_ascon_cxof128_init(&self->st->xof, custom->buf, (size_t)custom->len);
    if (code) {
        ascon_error("Ascon-CXOF128", code, custom->len);
        Py_DECREF(self);
        return NULL;
    }
    return self;
}

/* Absorbs a bytes-like object (the GIL released from 4 KiB); 0, or -1 with an exception. */
static int ascon_hash_absorb(AsconHashObject *self, PyObject *arg)
{
    Py_buffer data;
    if (PyObject_GetBuffer(arg, &data, PyBUF_SIMPLE) < 0)
        return -1;
    int code;
    lock_object(self->lock);
    WITHOUT_GIL_IF(data.len, code = self->kind == ASCON_PY_HASH256
                                        ? lwc_ascon_hash256_update(&self->st->hash, data.buf, (size_t)data.len)
                                        : lwc_ascon_xof128_update(&self->st->xof, data.buf, (size_t)data.len));
    PyThread_release_lock(self->lock);
    PyBuffer_Release(&data);
    if (code) {
        ascon_error(ascon_py_names[self->kind], code, 0);
        return -1;
    }
    return 0;
}

/* AsconHash256(data=b''), AsconXof128(data=b''), AsconCxof128(custom, data=b''). */
static PyObject *ascon_hash_new(PyTypeObject *type, PyObject *args, PyObject *kwargs, int kind)
{
    static char *keywords[] = {"data", NULL}, *cxof_keywords[] = {"custom", "data", NULL};
    Py_buffer custom = {0};
    PyObject *data = NULL;
    const int ok = kind == ASCON_PY_CXOF128
                       ? PyArg_ParseTupleAndKeywords(args, kwargs, "y*|O:AsconCxof128", cxof_keywords, &custom, &data)
                       : PyArg_ParseTupleAndKeywords(args, kwargs, kind == ASCON_PY_HASH256 ? "|O:AsconHash256"
                                                                                             : "|O:AsconXof128",
                                                     keywords, &data);
    if (!ok)
        return NULL;
    AsconHashObject *self = ascon_hash_alloc(type, kind, &custom, NULL);
    if (self && data && ascon_hash_absorb(self, data) < 0)
        Py_CLEAR(self);
    PyBuffer_Release(&custom); /* a no-op when not given */
    return (PyObject *)self;
}

static PyObject *AsconHash256_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    return ascon_hash_new(type, args, kwargs, ASCON_PY_HASH256);
}

static PyObject *AsconXof128_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    return ascon_hash_new(type, args, kwargs, ASCON_PY_XOF128);
}

static PyObject *AsconCxof128_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    return ascon_hash_new(type, args, kwargs, ASCON_PY_CXOF128);
}

PyDoc_STRVAR(AsconHash_update_doc,
             "update($self, data, /)\n--\n\n"
             "Absorbs data: any split of the input gives the same digest.");

static PyObject *AsconHash_update(AsconHashObject *self, PyObject *arg)
{
    if (ascon_hash_absorb(self, arg) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* The output of n bytes from a copy of the state (the object keeps absorbing). */
static PyObject *ascon_hash_output(AsconHashObject *self, Py_ssize_t n)
{
    uint8_t *out;
    PyObject *result = new_bytes(n, &out);
    if (!result)
        return NULL;
    ascon_py_state copy;
    lock_object(self->lock);
    memcpy(&copy, self->st, sizeof copy);
    PyThread_release_lock(self->lock);
    WITHOUT_GIL_IF(n, if (self->kind == ASCON_PY_HASH256) lwc_ascon_hash256_final(&copy.hash, out);
                   else lwc_ascon_xof128_squeeze(&copy.xof, out, (size_t)n));
    lwc_wipe(&copy, sizeof copy);
    return result;
}

/* digest() of Hash256; digest(length) of the XOFs, length >= 0 (ValueError). */
static int ascon_hash_length(AsconHashObject *self, PyObject *args, PyObject *kwargs, Py_ssize_t *n)
{
    static char *keywords[] = {"length", NULL}, *none[] = {NULL};
    if (self->kind == ASCON_PY_HASH256) {
        *n = LWC_ASCON_HASH256_BYTES;
        return PyArg_ParseTupleAndKeywords(args, kwargs, ":digest", none) ? 0 : -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "n:digest", keywords, n))
        return -1;
    if (*n < 0) {
        PyErr_Format(PyExc_ValueError, "length must be >= 0, got %zd", *n);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(AsconHash256_digest_doc,
             "digest($self, /)\n--\n\n"
             "The 32-byte digest of what was absorbed so far; the object can absorb more afterwards.");
PyDoc_STRVAR(AsconXof_digest_doc,
             "digest($self, /, length)\n--\n\n"
             "length bytes of output for what was absorbed so far (like hashlib's SHAKE objects); the\n"
             "object can absorb more afterwards.");

static PyObject *AsconHash_digest(AsconHashObject *self, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t n;
    return ascon_hash_length(self, args, kwargs, &n) < 0 ? NULL : ascon_hash_output(self, n);
}

PyDoc_STRVAR(AsconHash256_hexdigest_doc, "hexdigest($self, /)\n--\n\ndigest() as a string of hex digits.");
PyDoc_STRVAR(AsconXof_hexdigest_doc, "hexdigest($self, /, length)\n--\n\ndigest(length) as a string of hex digits.");

static PyObject *AsconHash_hexdigest(AsconHashObject *self, PyObject *args, PyObject *kwargs)
{
    PyObject *digest = AsconHash_digest(self, args, kwargs);
    if (!digest)
        return NULL;
    PyObject *hex = PyObject_CallMethod(digest, "hex", NULL);
    Py_DECREF(digest);
    return hex;
}

PyDoc_STRVAR(AsconHash_copy_doc,
             "copy($self, /)\n--\n\n"
             "A copy of the object: it continues from the same input on its own.");

static PyObject *AsconHash_copy(AsconHashObject *self, PyObject *unused)
{
    (void)unused;
    ascon_py_state copy;
    lock_object(self->lock);
    memcpy(&copy, self->st, sizeof copy);
    PyThread_release_lock(self->lock);
    PyObject *result = (PyObject *)ascon_hash_alloc(Py_TYPE(self), self->kind, NULL, &copy);
    lwc_wipe(&copy, sizeof copy);
    return result;
}

static PyObject *AsconHash_repr(AsconHashObject *self)
{
    return PyUnicode_FromFormat("<lwc.%s object>", Py_TYPE(self)->tp_name + 4);
}

GETTER(AsconHash, name, PyUnicode_FromString(ascon_py_names[self->kind]))
GETTER(AsconHash, digest_size, PyLong_FromLong(self->kind == ASCON_PY_HASH256 ? LWC_ASCON_HASH256_BYTES : 0))
GETTER(AsconHash, block_size, PyLong_FromLong(8))

static PyGetSetDef AsconHash_getset[] = {
    {"name", (getter)AsconHash_get_name, NULL, "The algorithm's name, as hashlib names them.", NULL},
    {"digest_size", (getter)AsconHash_get_digest_size, NULL, "32 for Hash256; 0 for the XOFs (any length).", NULL},
    {"block_size", (getter)AsconHash_get_block_size, NULL, "The rate: 8 bytes.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

#define ASCON_HASH_METHODS(digest_doc, hexdigest_doc)                                                          \
    {"update", (PyCFunction)AsconHash_update, METH_O, AsconHash_update_doc},                                      \
        {"digest", (PyCFunction)(void (*)(void))AsconHash_digest, METH_VARARGS | METH_KEYWORDS, digest_doc},      \
        {"hexdigest", (PyCFunction)(void (*)(void))AsconHash_hexdigest, METH_VARARGS | METH_KEYWORDS,             \
         hexdigest_doc},                                                                                          \
        {"copy", (PyCFunction)AsconHash_copy, METH_NOARGS, AsconHash_copy_doc},                                   \
    {                                                                                                             \
        NULL, NULL, 0, NULL                                                                                       \
    }
static PyMethodDef AsconHash256_methods[] = {ASCON_HASH_METHODS(AsconHash256_digest_doc, AsconHash256_hexdigest_doc)};
static PyMethodDef AsconXof_methods[] = {ASCON_HASH_METHODS(AsconXof_digest_doc, AsconXof_hexdigest_doc)};

/* The three hash types share their getters, the XOFs their methods; they differ in name, doc
 * and new. */
#define ASCON_HASH_TYPE(T, doc, methods)                                                        \
    {                                                                                           \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = "lwc." #T, .tp_basicsize = sizeof(AsconHashObject), \
        .tp_dealloc = (destructor)AsconHash_dealloc, .tp_repr = (reprfunc)AsconHash_repr,       \
        .tp_flags = Py_TPFLAGS_DEFAULT, .tp_doc = doc, .tp_methods = methods,                   \
        .tp_getset = AsconHash_getset, .tp_new = T##_new,                                       \
    }

PyDoc_STRVAR(AsconHash256_doc,
             "AsconHash256(data=b'')\n--\n\n"
             "Ascon-Hash256 (NIST SP 800-232), hashlib-style: update(data), digest() (32 bytes),\n"
             "hexdigest(), copy(); name, digest_size, block_size. Updates of 4 KiB or more release\n"
             "the GIL; an object serialises its own calls.");
PyDoc_STRVAR(AsconXof128_doc,
             "AsconXof128(data=b'')\n--\n\n"
             "Ascon-XOF128 (NIST SP 800-232), like hashlib's SHAKE objects: update(data),\n"
             "digest(length), hexdigest(length), copy().");
PyDoc_STRVAR(AsconCxof128_doc,
             "AsconCxof128(custom, data=b'')\n--\n\n"
             "Ascon-CXOF128 (NIST SP 800-232): Ascon-XOF128 with a customization string custom of at\n"
             "most 256 bytes (lwc.BadParameterError otherwise), which separates its outputs from any\n"
             "other string's; as AsconXof128 otherwise.");

static PyTypeObject AsconHash256Type = ASCON_HASH_TYPE(AsconHash256, AsconHash256_doc, AsconHash256_methods);
static PyTypeObject AsconXof128Type = ASCON_HASH_TYPE(AsconXof128, AsconXof128_doc, AsconXof_methods);
static PyTypeObject AsconCxof128Type = ASCON_HASH_TYPE(AsconCxof128, AsconCxof128_doc, AsconXof_methods);

PyDoc_STRVAR(ascon_hash256_doc,
             "ascon_hash256(data, /)\n--\n\n"
             "The Ascon-Hash256 digest of data (32 bytes; NIST SP 800-232). Inputs of 4 KiB or more\n"
             "release the GIL.");

static PyObject *module_ascon_hash256(PyObject *module, PyObject *arg)
{
    (void)module;
    Py_buffer data;
    if (PyObject_GetBuffer(arg, &data, PyBUF_SIMPLE) < 0)
        return NULL;
    uint8_t *out;
    PyObject *result = new_bytes(LWC_ASCON_HASH256_BYTES, &out);
    if (result)
        WITHOUT_GIL_IF(data.len, lwc_ascon_hash256(out, data.buf, (size_t)data.len));
    PyBuffer_Release(&data);
    return result;
}

/* Readies the Ascon types and adds them to module m; 0 or -1. */
static int add_ascon(PyObject *m)
{
    PyTypeObject *const types[] = {&AsconType, &AsconHash256Type, &AsconXof128Type, &AsconCxof128Type};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        if (PyType_Ready(types[i]) < 0)
            return -1;
        Py_INCREF(types[i]);
        if (PyModule_AddObject(m, types[i]->tp_name + 4, (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            return -1;
        }
    }
    return 0;
}

/* ---- the module ------------------------------------------------------------------------ */

PyDoc_STRVAR(version_doc,
             "version($module, /)\n--\n\n"
             "The version of the C library in this extension (lwc_version(), lwc/version.h), which is\n"
             "also the package's __version__.");

static PyObject *module_version(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyUnicode_FromString(lwc_version());
}

PyDoc_STRVAR(spec_vectors_doc,
             "_spec_vectors($module, /)\n--\n\n"
             "The specification vectors of tests/common/spec_vectors.c: (cipher, mode, key, iv, pt, ct,\n"
             "expect_match) with hex strings (iv None outside CTR).");

static PyObject *module_spec_vectors(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    PyObject *list = PyList_New(spec_vector_count);
    for (unsigned i = 0; list && i < spec_vector_count; i++) {
        const hex_vector *v = &spec_vectors[i];
        PyObject *row = Py_BuildValue("(ssssssO)", v->cipher, v->mode, v->key, v->iv, v->pt, v->ct,
                                      v->expect_match ? Py_True : Py_False);
        if (!row)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, row);
    }
    return list;
}

static PyMethodDef module_methods[] = {
    {"ctr_crypt", (PyCFunction)(void (*)(void))module_ctr_crypt, METH_VARARGS | METH_KEYWORDS, ctr_crypt_doc},
    {"version", module_version, METH_NOARGS, version_doc},
    {"_spec_vectors", module_spec_vectors, METH_NOARGS, spec_vectors_doc},
    {"_record_batch_from_arrow", (PyCFunction)(void (*)(void))RecordBatch_from_arrow, METH_VARARGS | METH_KEYWORDS,
     RecordBatch_from_arrow_doc},
    {"ascon_hash256", module_ascon_hash256, METH_O, ascon_hash256_doc},
    {NULL, NULL, 0, NULL},
};

/* The exception classes of lwc.errors by library code: errors[-code]. */
static int load_errors(void)
{
    PyObject *errors = PyImport_ImportModule("lwc.errors");
    PyObject *by_code = errors ? PyObject_GetAttrString(errors, "BY_CODE") : NULL;
    Py_XDECREF(errors);
    if (!by_code)
        return -1;
    int rc = 0;
    for (int code = 1; code <= LWC_E_COUNT && rc == 0; code++) {
        PyObject *key = PyLong_FromLong(-code);
        PyObject *cls = key ? PyDict_GetItemWithError(by_code, key) : NULL;
        Py_XDECREF(key);
        if (!cls) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ImportError, "lwc.errors.BY_CODE has no class for code %d", -code);
            rc = -1;
        } else {
            Py_INCREF(cls);
            state.errors[code] = cls;
        }
    }
    Py_DECREF(by_code);
    return rc;
}

static int add_ids(PyObject *m, const char *name, size_t count, const char *(*id_at)(size_t))
{
    PyObject *t = PyTuple_New((Py_ssize_t)count);
    for (size_t i = 0; t && i < count; i++) {
        PyObject *s = PyUnicode_FromString(id_at(i));
        if (!s)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, (Py_ssize_t)i, s);
    }
    if (!t || PyModule_AddObject(m, name, t) < 0) {
        Py_XDECREF(t);
        return -1;
    }
    return 0;
}

/* {id: key size} of every cipher if key, else {id: block size}. */
static int add_sizes(PyObject *m, const char *name, int key)
{
    PyObject *sizes = PyDict_New();
    for (size_t i = 0; sizes && i < CIPHER_COUNT; i++) {
        PyObject *n = PyLong_FromSsize_t(key ? ciphers[i].key_bytes : ciphers[i].block_bytes);
        if (!n || PyDict_SetItemString(sizes, ciphers[i].id, n) < 0)
            Py_CLEAR(sizes);
        Py_XDECREF(n);
    }
    if (!sizes || PyModule_AddObject(m, name, sizes) < 0) {
        Py_XDECREF(sizes);
        return -1;
    }
    return 0;
}

static struct PyModuleDef lwc_module = {
    PyModuleDef_HEAD_INIT, "lwc._lwc", "The C extension behind the package lwc.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__lwc(void)
{
    if (link_cipher_table() < 0 || PyType_Ready(&CipherType) < 0 || PyType_Ready(&CtrStreamType) < 0 ||
        PyType_Ready(&CmacStreamType) < 0 || PyType_Ready(&DrbgType) < 0 || PyType_Ready(&RecordKeyType) < 0 ||
        PyType_Ready(&RecordMasterType) < 0 || PyType_Ready(&SealerType) < 0 || PyType_Ready(&RecordBatchType) < 0 ||
        (RecordType.tp_name == NULL && PyStructSequence_InitType2(&RecordType, &record_desc) < 0) || load_errors() < 0)
        return NULL;
    PyObject *m = PyModule_Create(&lwc_module);
    if (!m)
        return NULL;
    Py_INCREF(&CipherType);
    Py_INCREF(&CtrStreamType);
    Py_INCREF(&CmacStreamType);
    Py_INCREF(&DrbgType);
    Py_INCREF(&RecordKeyType);
    Py_INCREF(&RecordMasterType);
    Py_INCREF(&SealerType);
    Py_INCREF(&RecordBatchType);
    Py_INCREF(&RecordType);
    if (PyModule_AddObject(m, "Cipher", (PyObject *)&CipherType) < 0 ||
        PyModule_AddObject(m, "CtrStream", (PyObject *)&CtrStreamType) < 0 ||
        PyModule_AddObject(m, "CmacStream", (PyObject *)&CmacStreamType) < 0 ||
        PyModule_AddObject(m, "Drbg", (PyObject *)&DrbgType) < 0 ||
        PyModule_AddObject(m, "RecordKey", (PyObject *)&RecordKeyType) < 0 ||
        PyModule_AddObject(m, "RecordMaster", (PyObject *)&RecordMasterType) < 0 ||
        PyModule_AddObject(m, "Sealer", (PyObject *)&SealerType) < 0 ||
        PyModule_AddObject(m, "RecordBatch", (PyObject *)&RecordBatchType) < 0 ||
        PyModule_AddObject(m, "Record", (PyObject *)&RecordType) < 0 ||
        add_ids(m, "CIPHERS", CIPHER_COUNT, cipher_id_at) < 0 || add_ids(m, "DRBG_CIPHERS", DRBG_COUNT, drbg_id_at) < 0 ||
        add_sizes(m, "BLOCK_SIZES", 0) < 0 ||
        add_sizes(m, "KEY_SIZES", 1) < 0 ||
        PyModule_AddStringConstant(m, "__version__", lwc_version()) < 0 || add_ascon(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
