"""The package's contract: types, errors that name what was expected, nothing changed or
truncated on an error, bytes results, buffers of every kind, threads."""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import pickle
import pkgutil
import pydoc
import re
import threading
import time
import typing

import pytest

import lwc
from helpers import ROOT

KEY16 = bytes(range(16))
IV16 = bytes(16)


def make(cipher: str) -> lwc.Cipher:
    return lwc.Cipher(cipher, bytes(range(lwc.KEY_SIZES[cipher])))


def test_ids_and_sizes():
    assert lwc.CIPHERS == ("present80", "present128", "lea128", "lea192", "lea256", "hight", "cham64_128",
                           "cham128_128", "cham128_256", "aes128")
    assert lwc.DRBG_CIPHERS == ("aes128", "lea128", "lea192", "lea256", "hight")
    for cipher in lwc.CIPHERS:
        c = make(cipher)
        assert (c.id, c.block_size, c.key_size) == (cipher, lwc.BLOCK_SIZES[cipher], lwc.KEY_SIZES[cipher])
        assert cipher in repr(c)


def test_version_is_the_c_librarys_and_the_repositorys(clib):
    """lwc.version() is the linked library's lwc_version(), the same as VERSION, the header's
    LWC_VERSION_STRING and the C library's own (ctypes)."""
    version = (ROOT / "VERSION").read_text().strip()
    header = (ROOT / "include" / "lwc" / "version.h").read_text()
    assert lwc.version() == lwc.__version__ == version
    assert f'#define LWC_VERSION_STRING "{version}"' in header
    assert clib.version() == version


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_wrong_key_length_names_the_expected_one(cipher):
    n = lwc.KEY_SIZES[cipher]
    for bad in (0, n - 1, n + 1):
        with pytest.raises(ValueError, match=rf"^{cipher} key must be {n} bytes, got {bad}$"):
            lwc.Cipher(cipher, bytes(bad))
        with pytest.raises(ValueError, match=rf"{n} bytes"):
            lwc.ctr_crypt(cipher, bytes(bad), bytes(lwc.BLOCK_SIZES[cipher]), b"data")


def test_unknown_id_and_wrong_types():
    with pytest.raises(ValueError, match="unknown cipher id 'des'; expected one of present80, .*aes128$"):
        lwc.Cipher("des", KEY16)
    with pytest.raises(TypeError):
        lwc.Cipher(b"lea128", KEY16)
    with pytest.raises(TypeError):
        lwc.Cipher("lea128", "0" * 16)
    with pytest.raises(TypeError):
        lwc.Cipher("lea128", None)
    c = make("lea128")
    for op in (c.encrypt_block, c.decrypt_block, c.ctr, c.ctr(IV16).crypt):
        with pytest.raises(TypeError):
            op("0" * 16)
        with pytest.raises(TypeError):
            op(16)


@pytest.mark.parametrize("cipher", lwc.CIPHERS)
def test_block_length_is_exact(cipher):
    c, bs = make(cipher), lwc.BLOCK_SIZES[cipher]
    for bad in (0, bs - 1, bs + 1, 2 * bs):
        with pytest.raises(ValueError, match=rf"^{cipher} block must be {bs} bytes, got {bad}$"):
            c.encrypt_block(bytes(bad))
        with pytest.raises(ValueError, match=rf"{bs} bytes"):
            c.decrypt_block(bytes(bad))
        with pytest.raises(ValueError, match=rf"^{cipher} IV must be {bs} bytes, got {bad}$"):
            c.ctr(bytes(bad))


def test_every_result_is_bytes_and_every_buffer_is_accepted():
    c = make("lea128")
    block = bytes(range(16))
    expected = c.encrypt_block(block)
    for kind in (bytes, bytearray, lambda b: memoryview(bytearray(b)), lambda b: memoryview(b"xx" + b)[2:]):
        data = kind(block)
        assert type(c.encrypt_block(data)) is bytes and c.encrypt_block(data) == expected
        assert type(c.decrypt_block(data)) is bytes
        assert type(c.ctr(kind(IV16)).crypt(data)) is bytes
        assert type(lwc.ctr_crypt("lea128", kind(KEY16), kind(IV16), data)) is bytes
        assert lwc.Cipher("lea128", kind(bytes(16))).encrypt_block(block) == lwc.Cipher("lea128",
                                                                                        bytes(16)).encrypt_block(block)
        out = c.ctr_records([kind(IV16)], [data])
        assert type(out) is list and type(out[0]) is bytes
    d = lwc.Drbg("aes128", bytearray(32), memoryview(bytes(8)), bytearray(b"p"))
    assert type(d.generate(5, bytearray(b"a"))) is bytes
    assert d.reseed(memoryview(bytes(32))) is None


def test_non_contiguous_buffers_are_refused_not_misread():
    c = make("lea128")
    strided = memoryview(bytes(32))[::2]
    with pytest.raises((BufferError, ValueError, TypeError)):
        c.encrypt_block(strided)
    with pytest.raises((BufferError, ValueError, TypeError)):
        c.ctr_records([IV16], [strided])


def test_the_key_is_copied_not_referenced():
    key = bytearray(KEY16)
    c = lwc.Cipher("lea128", key)
    before = c.encrypt_block(bytes(16))
    key[:] = bytes(16)
    assert c.encrypt_block(bytes(16)) == before


def test_ctr_stream_continues_across_calls_and_any_split_agrees():
    c = make("cham64_128")
    data = bytes(range(256)) * 3
    whole = c.ctr(bytes(8)).crypt(data)
    s = c.ctr(bytes(8))
    assert b"".join(s.crypt(data[i:i + 7]) for i in range(0, len(data), 7)) == whole
    assert s.crypt(b"") == b""
    assert lwc.ctr_crypt("cham64_128", bytes(range(16)), bytes(8), data) == whole
    assert c.ctr(bytes(8)).crypt(whole) == data


def test_a_refused_call_leaves_a_stream_unchanged():
    c = make("lea128")
    a, b = c.ctr(IV16), c.ctr(IV16)
    a.crypt(b"abc")
    b.crypt(b"abc")
    with pytest.raises(TypeError):
        a.crypt("not bytes")
    with pytest.raises((BufferError, ValueError, TypeError)):
        a.crypt(memoryview(bytes(32))[::2])
    assert a.crypt(bytes(40)) == b.crypt(bytes(40))


def test_streams_of_one_cipher_are_independent():
    c = make("hight")
    a, b = c.ctr(bytes(8)), c.ctr(bytes(8))
    first = a.crypt(bytes(20))
    assert b.crypt(bytes(20)) == first
    assert a.crypt(bytes(8)) == c.ctr(bytes(8)).crypt(bytes(28))[20:]


def test_ctr_records_argument_checks():
    c = make("lea128")
    with pytest.raises(ValueError, match=r"^ctr_records: 2 IVs for 3 records \(one IV per record\)$"):
        c.ctr_records([IV16, IV16], [b"a", b"b", b"c"])
    with pytest.raises(ValueError, match=r"^ctr_records: ivs\[1\]: lea128 IV must be 16 bytes, got 8$"):
        c.ctr_records([IV16, bytes(8)], [b"a", b"b"])
    with pytest.raises(TypeError, match="ivs must be a sequence of bytes-like objects, not one bytes"):
        c.ctr_records(IV16 * 2, [b"a", b"b"])
    with pytest.raises(TypeError, match="records must be a sequence of bytes-like objects, not one bytearray"):
        c.ctr_records([IV16], bytearray(b"a"))
    with pytest.raises(TypeError, match=r"records\[1\] must be a bytes-like object, not str"):
        c.ctr_records([IV16, IV16], [b"a", "b"])
    with pytest.raises(TypeError, match="ivs must be an iterable"):
        c.ctr_records(5, [b"a"])
    assert c.ctr_records([], []) == []
    assert c.ctr_records((iv for iv in [IV16]), iter([b""])) == [b""]


def test_ctr_records_gives_each_record_its_own_stream():
    c = make("present80")
    ivs = [bytes([i]) * 8 for i in range(5)]
    records = [bytes(range(i * 10)) for i in range(5)]
    assert c.ctr_records(ivs, records) == [c.ctr(iv).crypt(r) for iv, r in zip(ivs, records)]


def test_large_inputs_take_the_path_without_the_gil():
    data = bytes(range(256)) * 4096
    c = make("lea256")
    iv = bytes(15) + b"\xf0"
    s = c.ctr(iv)
    assert s.crypt(data[:5000]) + s.crypt(data[5000:]) == lwc.ctr_crypt("lea256", bytes(range(32)), iv, data)


def test_objects_holding_secrets_cannot_be_pickled_or_copied():
    for obj in (make("lea128"), make("lea128").ctr(IV16), make("lea128").cmac_stream(),
                lwc.Drbg("aes128", bytes(32), bytes(8))):
        with pytest.raises(TypeError):
            pickle.dumps(obj)
        with pytest.raises(TypeError):
            copy.copy(obj)


def test_streams_cannot_be_made_without_a_cipher():
    with pytest.raises(TypeError):
        lwc.CtrStream()
    with pytest.raises(TypeError):
        lwc.CmacStream()


# ---- integer parameters ---------------------------------------------------------------------

class Index:
    """An integer that is not an int (operator.index gives n), as numpy's are."""

    def __init__(self, n: int):
        self.n = n

    def __index__(self) -> int:
        return self.n


def integer_parameters():
    """(name, call(value)) for every integer parameter of the package."""
    c, d = make("lea128"), lwc.Drbg("aes128", bytes(32), bytes(8))
    return [
        ("cmac tag_len", lambda v: c.cmac(b"m", tag_len=v)),
        ("cmac_verify tag_len", lambda v: c.cmac_verify(b"m", c.cmac(b"m", 8), tag_len=v)),
        ("cmac_stream tag_len", lambda v: c.cmac_stream(b"m", tag_len=v)),
        ("eax_encrypt tag_len", lambda v: c.eax_encrypt(b"n", b"m", tag_len=v)),
        ("eax_decrypt tag_len", lambda v: c.eax_decrypt(b"n", *c.eax_encrypt(b"n", b"m", tag_len=8), tag_len=v)),
        ("ccm_encrypt tag_len", lambda v: c.ccm_encrypt(bytes(13), b"m", tag_len=v)),
        ("ccm_decrypt tag_len", lambda v: c.ccm_decrypt(bytes(13), *c.ccm_encrypt(bytes(13), b"m", tag_len=8),
                                                        tag_len=v)),
        ("reseed_interval", lambda v: lwc.Drbg("aes128", bytes(32), bytes(8), reseed_interval=v)),
        ("generate n", lambda v: d.generate(v)),
    ]


@pytest.mark.parametrize("name,call", integer_parameters(), ids=[n for n, _ in integer_parameters()])
def test_integer_parameters_refuse_bools_and_non_integers(name, call):
    """True is an int to Python, but tag_len=True is a mistake, not 1: TypeError, as for a
    float or a str; an int, or any object with __index__, is taken."""
    call(8)
    call(Index(8))
    for wrong in (True, False, 8.0, "8", b"8"):
        with pytest.raises(TypeError, match="must be an int, not " + type(wrong).__name__):
            call(wrong)


# ---- errors --------------------------------------------------------------------------------

def library_codes():
    text = (ROOT / "include" / "lwc" / "common.h").read_text()
    return {name: int(value) for name, value in re.findall(r"#define (LWC_E_\w+) \((-\d+)\)", text)}


def test_one_error_class_per_library_code():
    codes = library_codes()
    assert len(codes) == 21
    assert sorted(lwc.errors.BY_CODE) == sorted(codes.values())
    for code, cls in lwc.errors.BY_CODE.items():
        assert issubclass(cls, lwc.Error) and cls.code == code
        assert getattr(lwc, cls.__name__) is cls
    length_errors = {"LWC_E_ENTROPY_LENGTH", "LWC_E_NONCE_LENGTH", "LWC_E_PERS_LENGTH", "LWC_E_ADD_LENGTH",
                     "LWC_E_REQUEST_LENGTH", "LWC_E_BAD_PARAMETER", "LWC_E_TAG_LENGTH", "LWC_E_MESSAGE_LENGTH",
                     "LWC_E_OVERLAP", "LWC_E_BUFFER_TOO_SMALL"}
    for name, code in codes.items():
        assert issubclass(lwc.errors.BY_CODE[code], ValueError) == (name in length_errors), name
    assert not issubclass(lwc.Error, ValueError)
    # The gateway's three classes of refusal (docs/RECORDS.md): none a ValueError.
    for cls in (lwc.RecordShortError, lwc.RecordVersionError, lwc.RecordSuiteError):
        assert issubclass(cls, lwc.RecordFormatError)
    assert issubclass(lwc.StaleRecordError, lwc.ReplayError)
    for cls in (lwc.RecordFormatError, lwc.ReplayError, lwc.AuthenticationError):
        assert not issubclass(cls, ValueError)


DRBG_LIMITS = {"aes128": (16, 32), "lea128": (16, 32), "lea192": (24, 40), "lea256": (32, 48), "hight": (16, 24)}


@pytest.mark.parametrize("drbg", lwc.DRBG_CIPHERS)
def test_drbg_length_errors_name_the_limits(drbg):
    strength, seed = DRBG_LIMITS[drbg]
    e = bytes(seed)
    with pytest.raises(lwc.EntropyLengthError, match=rf"got {strength - 1} bytes; {drbg} CTR_DRBG with df takes "
                                                      rf"{strength} to 256 bytes"):
        lwc.Drbg(drbg, bytes(strength - 1), b"")
    with pytest.raises(lwc.EntropyLengthError, match="got 257 bytes"):
        lwc.Drbg(drbg, bytes(257), b"")
    with pytest.raises(lwc.EntropyLengthError, match=rf"without df takes exactly {seed} \(the seed length\)"):
        lwc.Drbg(drbg, bytes(seed - 1), b"", df=False)
    with pytest.raises(lwc.NonceLengthError, match=rf"got 257 bytes; {drbg} CTR_DRBG with df takes "
                                                   rf"{strength // 2} to 256 bytes"):
        lwc.Drbg(drbg, e, bytes(257))
    # A nonce of half the security strength is needed unless the entropy is 3/2 of it.
    with pytest.raises(lwc.NonceLengthError, match=rf"fewer only with at least {3 * strength // 2} bytes"):
        lwc.Drbg(drbg, bytes(strength), bytes(strength // 2 - 1))
    lwc.Drbg(drbg, bytes(strength), bytes(strength // 2))
    lwc.Drbg(drbg, bytes(3 * strength // 2), b"")
    with pytest.raises(lwc.NonceLengthError, match=r"without the derivation function .* pass b''"):
        lwc.Drbg(drbg, e, bytes(1), df=False)
    with pytest.raises(lwc.PersonalizationLengthError, match="takes at most 256"):
        lwc.Drbg(drbg, e, b"", bytes(257))
    with pytest.raises(lwc.PersonalizationLengthError, match=rf"without df takes at most {seed}"):
        lwc.Drbg(drbg, e, b"", bytes(seed + 1), df=False)
    d = lwc.Drbg(drbg, e, b"")
    assert (d.id, d.df, d.seed_size) == (drbg, True, seed)
    with pytest.raises(lwc.AdditionalInputLengthError, match="got 257 bytes"):
        d.generate(1, bytes(257))
    with pytest.raises(lwc.RequestLengthError, match=rf"{d.max_request + 1} bytes requested; .* at most "
                                                     rf"{d.max_request} per request"):
        d.generate(d.max_request + 1)
    with pytest.raises(ValueError, match=">= 0"):
        d.generate(-1)
    with pytest.raises(lwc.EntropyLengthError):
        d.reseed(bytes(strength - 1))
    with pytest.raises(lwc.BadParameterError, match="reseed_interval must be 1 to"):
        lwc.Drbg(drbg, e, b"", reseed_interval=0)
    with pytest.raises(lwc.BadParameterError):
        lwc.Drbg(drbg, e, b"", reseed_interval=-1)
    with pytest.raises(TypeError):
        lwc.Drbg(drbg, e, b"", reseed_interval="1")
    with pytest.raises(ValueError, match="no CTR_DRBG over 'present80'; expected one of aes128, lea128"):
        lwc.Drbg("present80", e, b"")


@pytest.mark.parametrize("drbg", lwc.DRBG_CIPHERS)
def test_drbg_any_too_large_request_is_a_request_length_error(drbg):
    """Beyond max_request, up to and past what a C size_t holds, generate raises
    RequestLengthError naming the request, never OverflowError; below zero ValueError."""
    d = lwc.Drbg(drbg, bytes(48), b"")
    for n in (d.max_request + 1, 2**31, 2**32 + 1, 2**63 - 1, 2**63, 2**64, 2**200, Index(2**63)):
        with pytest.raises(lwc.RequestLengthError, match=rf"^generate: {int(n) if isinstance(n, Index) else n} bytes "
                                                         rf"requested; {drbg} CTR_DRBG gives at most "
                                                         rf"{d.max_request} per request$"):
            d.generate(n)
    for n in (-1, -2**63 - 1, -2**200):
        with pytest.raises(ValueError, match=rf"^generate: n must be >= 0, got {n}$"):
            d.generate(n)
    assert len(d.generate(d.max_request)) == d.max_request


def test_drbg_refused_calls_change_nothing():
    a = lwc.Drbg("lea128", bytes(range(32)), b"nonce", b"pers", reseed_interval=3)
    b = lwc.Drbg("lea128", bytes(range(32)), b"nonce", b"pers", reseed_interval=3)
    for bad in (lambda d: d.generate(d.max_request + 1), lambda d: d.generate(4, bytes(300)),
                lambda d: d.reseed(bytes(3)), lambda d: d.reseed(bytes(32), bytes(300))):
        with pytest.raises(ValueError):
            bad(a)
    assert [a.generate(17) for _ in range(3)] == [b.generate(17) for _ in range(3)]
    with pytest.raises(lwc.ReseedRequiredError, match="reseed"):
        a.generate(1)
    a.reseed(bytes(32))
    b.reseed(bytes(32))
    assert a.generate(64, b"add") == b.generate(64, b"add")


def test_drbg_without_df():
    d = lwc.Drbg("hight", bytes(24), b"", bytes(24), df=False)
    assert not d.df and len(d.generate(1024)) == 1024
    with pytest.raises(lwc.AdditionalInputLengthError, match="without df takes at most 24"):
        d.generate(8, bytes(25))
    d.reseed(bytes(24), bytes(24))


# ---- threads -------------------------------------------------------------------------------

LONG_CALLS = ("ctr_records", "cmac", "cmac_verify", "cmac_stream.update", "eax_encrypt", "ccm_decrypt")


def prepared_call(call: str, c: lwc.Cipher, n: int):
    """call on n records of 4 KiB, or on one message of n * 4 KiB, its inputs made beforehand
    (so that the call itself is C only)."""
    message, ivs, records = bytes(4096 * n), [bytes(16)] * n, [bytes(4096)] * n

    def refused_ccm():
        with pytest.raises(lwc.AuthenticationError):
            c.ccm_decrypt(bytes(8), message, bytes(16))

    def refused_cmac():
        with pytest.raises(lwc.AuthenticationError):
            c.cmac_verify(message, bytes(16))

    stream = c.cmac_stream()
    return {"ctr_records": lambda: c.ctr_records(ivs, records), "cmac": lambda: c.cmac(message),
            "cmac_verify": refused_cmac, "cmac_stream.update": lambda: stream.update(message),
            "eax_encrypt": lambda: c.eax_encrypt(b"nonce", message), "ccm_decrypt": refused_ccm}[call]


@pytest.mark.parametrize("call", LONG_CALLS)
def test_long_calls_release_the_gil(call):
    """While one thread is inside a long call, another thread runs Python code: with the
    GIL held it could not run at all during the call, only before the call enters C or once
    it has returned (a switch interval, 5 ms, either side), so only the middle half counts."""
    c = make("lea128")
    # A call of 0.2 s or more: the length grown until one takes that long (a length
    # extrapolated from one short call comes out too short whenever that call was slowed).
    n = 4
    while True:
        long_call = prepared_call(call, c, n)
        t0 = time.perf_counter()
        long_call()
        if time.perf_counter() - t0 >= 0.2:
            break
        n *= 2
    stamps, stop = [], threading.Event()

    def ticker():
        while not stop.is_set():
            stamps.append(time.perf_counter())

    t = threading.Thread(target=ticker)
    t.start()
    time.sleep(0.05)
    start = time.perf_counter()
    long_call()
    end = time.perf_counter()
    stop.set()
    t.join()
    quarter = (end - start) / 4
    inside = [s for s in stamps if start + quarter < s < end - quarter]
    assert end - start > 0.05
    assert len(inside) > 100, f"the other thread ran {len(inside)} times in the middle of a {end - start:.3f} s call"


def test_threads_sharing_a_cipher_and_a_stream():
    c = make("lea128")
    data = bytes(range(256)) * 64
    expected = c.ctr_records([IV16] * 8, [data] * 8)
    results = [None] * 8

    def work(i):
        results[i] = c.ctr_records([IV16], [data])[0]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == expected
    # One stream used by several threads: each call takes the next bytes of the keystream.
    s, pieces = c.ctr(IV16), []
    chunk = bytes(8192)

    def take():
        pieces.append(s.crypt(chunk))

    threads = [threading.Thread(target=take) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    keystream = c.ctr(IV16).crypt(bytes(6 * 8192))
    assert sorted(pieces) == sorted(keystream[i:i + 8192] for i in range(0, len(keystream), 8192))


# ---- introspection: signatures, help ---------------------------------------------------------

def stub_signatures() -> dict:
    """{name or Class.name: [(parameter, kind, default)]} of every function and method of
    the extension's stub, lwc/_lwc.pyi (without self); a class's __init__ under its name."""
    tree = ast.parse((ROOT / "python" / "lwc" / "_lwc.pyi").read_text())
    kinds = inspect.Parameter

    def params(f: ast.FunctionDef):
        a = f.args
        positional = [(p, kinds.POSITIONAL_ONLY) for p in a.posonlyargs] + \
            [(p, kinds.POSITIONAL_OR_KEYWORD) for p in a.args]
        defaults = [inspect.Parameter.empty] * (len(positional) - len(a.defaults)) + \
            [ast.literal_eval(d) for d in a.defaults]
        out = [(p.arg, kind, d) for (p, kind), d in zip(positional, defaults)]
        out += [(p.arg, kinds.KEYWORD_ONLY, inspect.Parameter.empty if d is None else ast.literal_eval(d))
                for p, d in zip(a.kwonlyargs, a.kw_defaults)]
        return [p for p in out if p[0] != "self"]

    found = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found[node.name] = params(node)
        elif isinstance(node, ast.ClassDef):
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and not any(getattr(d, "id", "") == "property"
                                                              for d in f.decorator_list):
                    found[node.name if f.name == "__init__" else f"{node.name}.{f.name}"] = params(f)
    return found


def test_extension_signatures_are_the_stubs():
    """inspect.signature of every function, method and constructor of the C extension (its
    docstrings' text signatures) has the stub's parameters: names, kinds and defaults."""
    stubs = stub_signatures()
    assert {"Cipher", "Cipher.cmac_verify", "Cipher.cmac_stream", "CmacStream.update", "CmacStream.copy", "Drbg",
            "Drbg.generate", "ctr_crypt", "version", "CtrStream.crypt"} <= set(stubs)
    for name, expected in stubs.items():
        obj = lwc._lwc
        for part in name.split("."):
            obj = getattr(obj, part)
        params = list(inspect.signature(obj).parameters.values())
        if "." in name:  # a method taken from its class: self first
            assert params[0].name == "self"
            params = params[1:]
        assert [(p.name, p.kind, p.default) for p in params] == expected, name


def package_modules():
    """lwc and its modules (but __main__, which runs the command line when imported)."""
    return [importlib.import_module(f"lwc.{m.name}") for m in pkgutil.iter_modules(lwc.__path__)
            if m.name != "__main__"] + [lwc]


def test_every_function_and_method_has_a_signature():
    """inspect.signature works on every function and method of every module of the package
    (C ones included), and on the classes one constructs."""
    seen = 0
    for module in package_modules():
        for name, obj in vars(module).items():
            if getattr(obj, "__module__", "").split(".")[0] != "lwc" and getattr(obj, "__self__", None) is not module:
                continue  # imported from elsewhere
            if inspect.isroutine(obj):
                inspect.signature(obj)
                seen += 1
            elif inspect.isclass(obj):
                if obj not in (lwc.CtrStream, lwc.CmacStream) and not issubclass(obj, BaseException):
                    inspect.signature(obj)  # made by their methods, not constructed
                for attr, member in vars(obj).items():
                    if inspect.isroutine(member) and not (attr.startswith("__") and attr != "__init__"):
                        inspect.signature(getattr(obj, attr))
                        seen += 1
    assert seen > 40


def test_help_shows_the_api_and_leaves_the_exceptions_to_lwc_errors():
    """help(lwc): Cipher first of the classes, then the functions; the fourteen exception
    classes (lwc.X all the same) are documented by help(lwc.errors), which it names."""
    text = pydoc.render_doc(lwc, renderer=pydoc.plaintext)
    classes, functions = text.index("\nCLASSES\n"), text.index("\nFUNCTIONS\n")
    documented = re.findall(r"^    class (\w+)\(", text, re.M)
    assert documented == ["Cipher", "CmacStream", "CtrStream", "Drbg"], documented
    assert classes < text.index("    class Cipher(") < functions
    assert re.search(r"^    ctr_crypt\(id, key, iv, data\)$", text[functions:], re.M)
    assert re.search(r"^    version\(\)$", text[functions:], re.M)
    assert "help(lwc.errors)" in text
    errors_text = pydoc.render_doc(lwc.errors, renderer=pydoc.plaintext)
    for cls in lwc.errors.BY_CODE.values():
        assert f"class {cls.__name__}(" not in text
        assert f"class {cls.__name__}(" in errors_text
        assert getattr(lwc, cls.__name__) is cls


def test_id_literal_types_are_the_extensions_ids():
    assert typing.get_args(lwc.CipherId) == lwc.CIPHERS
    assert typing.get_args(lwc.DrbgId) == lwc.DRBG_CIPHERS
