"""The exceptions of lwc: one class per LWC_E_* code of the C library (include/lwc/common.h).

Every class derives from :class:`lwc.Error`, which derives from :class:`Exception`, so
``except lwc.Error`` catches whatever the library refuses. Like the ``cryptography``
package, lwc raises plain :class:`ValueError` and :class:`TypeError` for arguments a
binding can check itself (a key of the wrong length, an unknown cipher id, a ``str``
where bytes are expected); the classes for a wrong input *length* or parameter are also
:class:`ValueError` subclasses, so ``except ValueError`` catches every bad length, from
the library or from the binding. The state errors (:class:`ReseedRequiredError`, ...) are
not ValueErrors: the input was fine, the DRBG's state refused it.

:class:`AuthenticationError` (a tag that does not match) is not a ValueError either, as
``cryptography``'s ``InvalidTag`` is not (pycryptodome raises ``ValueError("MAC check
failed")`` instead): a changed or forged message is not a programming mistake, and code
that catches ValueError around its arguments must not take a forgery for one. Catch it by
name, or as :class:`lwc.Error`.

Each class has ``code``, the library's negative return code.
"""

from __future__ import annotations

__all__ = [
    "Error",
    "NullPointerError",
    "EntropyLengthError",
    "NonceLengthError",
    "PersonalizationLengthError",
    "AdditionalInputLengthError",
    "RequestLengthError",
    "NotInstantiatedError",
    "ReseedRequiredError",
    "WrongModeError",
    "BadParameterError",
    "AuthenticationError",
    "TagLengthError",
    "MessageLengthError",
    "OverlapError",
    "CounterExhaustedError",
    "BufferTooSmallError",
    "RecordFormatError",
    "RecordShortError",
    "RecordVersionError",
    "RecordSuiteError",
    "ReplayError",
    "StaleRecordError",
]


class Error(Exception):
    """Base class of the errors the C library reports (a negative LWC_E_* code)."""

    code: int = 0


class NullPointerError(Error):
    """LWC_E_NULL_POINTER: a required pointer was NULL (cannot happen through this binding)."""

    code = -1


class EntropyLengthError(Error, ValueError):
    """LWC_E_ENTROPY_LENGTH: entropy shorter than the security strength, longer than the
    maximum, or (df=False) not exactly the seed length."""

    code = -2


class NonceLengthError(Error, ValueError):
    """LWC_E_NONCE_LENGTH: a DRBG nonce longer than the maximum, or any nonce with df=False;
    a CCM nonce not of 7 to 13 bytes."""

    code = -3


class PersonalizationLengthError(Error, ValueError):
    """LWC_E_PERS_LENGTH: personalization string longer than the maximum."""

    code = -4


class AdditionalInputLengthError(Error, ValueError):
    """LWC_E_ADD_LENGTH: additional input longer than the maximum."""

    code = -5


class RequestLengthError(Error, ValueError):
    """LWC_E_REQUEST_LENGTH: more output requested than one generate call may give."""

    code = -6


class NotInstantiatedError(Error):
    """LWC_E_NOT_INSTANTIATED: a DRBG state used before instantiation (cannot happen
    through this binding: a Drbg object is always instantiated)."""

    code = -7


class ReseedRequiredError(Error):
    """LWC_E_RESEED_REQUIRED: the reseed interval is exhausted; call reseed(), then generate again."""

    code = -8


class WrongModeError(Error):
    """LWC_E_WRONG_MODE: a df reseed of a no-df state or the reverse (cannot happen through
    this binding: reseed uses the mode the Drbg was made with)."""

    code = -9


class BadParameterError(Error, ValueError):
    """LWC_E_BAD_PARAMETER: a parameter outside its documented range (the reseed interval)."""

    code = -10


class AuthenticationError(Error):
    """LWC_E_AUTH: authenticated decryption (eax_decrypt, ccm_decrypt) found that the tag does
    not match the nonce, associated data and ciphertext under the key, or a CMAC check
    (cmac_verify, CmacStream.verify) that it does not match the data: the message was
    changed or forged, or a parameter differs from the sender's. No plaintext is returned."""

    code = -11


class TagLengthError(Error, ValueError):
    """LWC_E_TAG_LENGTH: a tag length the mode does not allow (CMAC and EAX: 1 to the block
    size; CCM: 4, 6, 8, 10, 12, 14 or 16)."""

    code = -12


class MessageLengthError(Error, ValueError):
    """LWC_E_MESSAGE_LENGTH: CCM data too long for the length field its nonce leaves
    (15 - nonce bytes: at most 65535 bytes with a 13-byte nonce)."""

    code = -13


class OverlapError(Error, ValueError):
    """LWC_E_OVERLAP: an output buffer overlaps an input buffer of the call in a way the
    library refuses (lwc/modes.h allows only out == in). Cannot happen through this binding:
    every result is a new bytes object."""

    code = -14


class CounterExhaustedError(Error):
    """LWC_E_COUNTER_EXHAUSTED: a sealer used every record counter of its boot (start a new
    boot counter), or was given a boot counter past 2^24 - 1 (re-key the node: a new epoch)."""

    code = -15


class BufferTooSmallError(Error, ValueError):
    """LWC_E_BUFFER_TOO_SMALL: an output buffer too small for the record or payload."""

    code = -16


class RecordFormatError(Error):
    """A record the gateway cannot even parse (the base of the three codes below): like
    AuthenticationError, not a ValueError, since a malformed record comes from the network,
    not from a mistake in the caller's code."""


class RecordShortError(RecordFormatError):
    """LWC_E_RECORD_SHORT: a record shorter than its header and tag (20 bytes): truncated."""

    code = -17


class RecordVersionError(RecordFormatError):
    """LWC_E_RECORD_VERSION: a record of another format version than 1."""

    code = -18


class RecordSuiteError(RecordFormatError):
    """LWC_E_RECORD_SUITE: a record (or key) of a suite this build does not have."""

    code = -19


class ReplayError(Error):
    """LWC_E_REPLAY: a record whose counter the node's replay window accepted before (sent
    again); the base of StaleRecordError."""

    code = -20


class StaleRecordError(ReplayError):
    """LWC_E_STALE: a record whose counter is older than the node's replay window (more than
    63 below the highest accepted): it cannot be told from a replay."""

    code = -21


#: The class of each library code (read by the C extension).
BY_CODE: dict[int, type[Error]] = {
    cls.code: cls
    for cls in (
        NullPointerError,
        EntropyLengthError,
        NonceLengthError,
        PersonalizationLengthError,
        AdditionalInputLengthError,
        RequestLengthError,
        NotInstantiatedError,
        ReseedRequiredError,
        WrongModeError,
        BadParameterError,
        AuthenticationError,
        TagLengthError,
        MessageLengthError,
        OverlapError,
        CounterExhaustedError,
        BufferTooSmallError,
        RecordShortError,
        RecordVersionError,
        RecordSuiteError,
        ReplayError,
        StaleRecordError,
    )
}
