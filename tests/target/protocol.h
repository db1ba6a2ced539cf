/*
 * Wire protocol between a host program and lwc_server.elf running in avrsim (firmware
 * stdin/stdout). All integers little-endian.
 *
 * At start the firmware sends the banner SERVER_BANNER followed by one byte: the number
 * of cipher ids of its table (tests/common/cipher_table.h, same order as on the host;
 * a firmware for a small MCU serves some of them, tests/common/served.h), then its
 * SERVER_MAX_PIECE (u16).
 *
 * Request: op (1 byte), cipher index (1), key (key_bytes), then per op:
 *   OP_BLOCKS_ENC / OP_BLOCKS_DEC: count n (u16), then n times: host sends one block,
 *       firmware answers with a result record for that block.
 *   OP_CTR: iv (block_bytes), piece count n (u16), then n times: host sends length L
 *       (u16, at most SERVER_MAX_PIECE) and L bytes, firmware answers with a result
 *       record carrying L bytes (in-place ctr_crypt on its buffer).
 *   OP_RECORDS: iv (block_bytes), record count n (u16); the firmware answers ctr_init's
 *       record, then n times: host sends the record's iv (block_bytes), length L (u16, at
 *       most SERVER_MAX_PIECE) and L bytes, firmware answers with a result record for
 *       ctr_setiv (no data), then one for ctr_crypt carrying L bytes (in place): records
 *       under one key on the context ctr_init keyed.
 *   OP_SIZES: no key; answered with a result record (cycles 0) whose data is the target's
 *       sizeof the cipher's key schedule and CTR context (u16 each).
 *   OP_MODE_SIZES: no key; answered like OP_SIZES with the target's sizeof the cipher's
 *       CMAC, EAX and CCM keys (u16 each; 0 for CCM on a 64-bit cipher), by a firmware that
 *       serves the modes.
 *   OP_QUIT: no key, no reply; the firmware exits 0.
 *   OP_CMAC: tag length (1), chunk (u16), length L (u16, at most SERVER_MAX_PIECE), L bytes;
 *       chunk 0: one lwc_X_cmac call, else init, update in calls of chunk bytes, final. The
 *       key setup (cmac_setkey) is answered first; then with chunk, one result record (no
 *       data) for init and each update; last the record of cmac or final, whose data is the
 *       library's code (a signed byte) and the tag buffer (tag length bytes, filled with
 *       MODE_FILL before the call, tests/common/mode_backend.h).
 *   OP_AEAD: mode (1 byte: 0 EAX, 1 CCM), record count n (u16); the key setup (eax_setkey,
 *       ccm_setkey) is answered first, then n times: host sends decrypt (1), tag length (1),
 *       nonce, ad and message lengths (u16 each; with the tag at most SERVER_MAX_PIECE
 *       bytes in all), then the nonce, ad and message bytes and, to decrypt, the tag; the
 *       firmware encrypts or decrypts the message in place (an encryption's tag buffer
 *       filled with MODE_FILL first) and answers with a result record whose data is the
 *       code (a signed byte), the message buffer after the call and the tag buffer.
 * Ascon requests (a firmware that serves them: tests/common/served.h, ids ascon_aead and
 * ascon_hash) have no cipher index:
 *   OP_ASCON_AEAD: key (16), record count n (u16); then as OP_AEAD from its key setup on
 *       (ascon_aead128_setkey answered first, then the n calls).
 *   OP_ASCON_HASH: kind (1 byte: 0 Hash256, 1 XOF128, 2 CXOF128), chunk, custom length C,
 *       message length L, output length O (u16 each; C + L and O at most SERVER_MAX_PIECE),
 *       then the C customization bytes (ignored but for CXOF128) and the L message bytes;
 *       the output goes to the start of the buffer, over the input (the calls read all of
 *       it first). Chunk 0: the one-shot call, answered with a result record whose data is
 *       the code (a signed byte) and the O output bytes. Else the streaming calls, each
 *       answered with a record of its code: init (cxof128_init), update in calls of chunk
 *       bytes; then Hash256's final (data: code and 32 bytes) or squeezes of chunk bytes
 *       (data: code and that piece of output).
 *   OP_SEAL (no cipher index either): the suite id (1 byte), its node key (16), node id (u32),
 *       epoch (1), boot counter (u32), record counter (u32) and record count n (u16). The
 *       firmware calls the suite's sealer_init and, if it returned 0, sets the sealer's record
 *       counter (as after that many records of the boot); it answers with a result record
 *       whose data is the code (a signed byte) and the target's sizeof(lwc_sealer) (u16).
 *       Then n times: host sends the payload length L and out_cap (u16 each; L + 20 at most
 *       SERVER_MAX_PIECE) and L bytes; the firmware fills its buffer with MODE_FILL, puts the
 *       payload at byte 12, calls lwc_seal in place (out: the buffer, out_cap) and answers
 *       with a result record whose data is the code and the buffer's first L + 20 bytes.
 *       Served where the firmware serves a suite: a block cipher's with its modes, or
 *       Ascon-AEAD128 (and was not built with TEST_NO_RECORDS).
 * DRBG requests act on one DRBG state kept by the firmware: op, DRBG index (into
 * tests/common/drbg_table.c), path (0 optimised, 1 plain), then
 *   OP_DRBG_INSTANTIATE: df (1 byte), entropy, nonce, pers lengths (u16 each), the bytes
 *   OP_DRBG_RESEED:      df (1 byte), entropy, add lengths (u16 each), the bytes
 *   OP_DRBG_GENERATE:    out length, add length (u16 each), the add bytes
 *   OP_DRBG_INTERVAL:    interval (u32)
 *   OP_DRBG_SIZE:        nothing more; answered with a result record (cycles 0) whose data
 *                        is the target's sizeof the DRBG state (u16)
 * and the others are answered with one result record whose data is the library's return code (one
 * signed byte) followed, for OP_DRBG_GENERATE, by the out bytes (all of them, whatever
 * the code, so that the host can check an error wrote nothing: the firmware fills the
 * buffer with DRBG_FILL first). The inputs of a request, and a generate's output plus its
 * additional input, are limited to SERVER_MAX_PIECE bytes.
 * The key setup (setkey, or ctr_init for OP_CTR) is answered first with its own result
 * record (no data).
 *
 * Result record: RESULT_MARK, cycles (u32), stack peak in bytes (u16), then the data.
 * cycles: exact cycles of the call, or SERVER_NO_CYCLES on a target without a cycle
 * counter (the 32-bit MCUs under QEMU; their timing is checked by instruction traces); stack: bytes of stack the call used below the caller.
 */
#ifndef LWC_SERVER_PROTOCOL_H
#define LWC_SERVER_PROTOCOL_H

#define SERVER_BANNER "lwc-server\n"
#define OP_BLOCKS_ENC 'E'
#define OP_BLOCKS_DEC 'D'
#define OP_CTR 'C'
#define OP_RECORDS 'R'
#define OP_QUIT 'Q'
#define OP_SIZES 'S'
#define OP_MODE_SIZES 'K'
#define OP_CMAC 'M'
#define OP_AEAD 'A'
#define OP_ASCON_AEAD 'a'
#define OP_ASCON_HASH 'h'
#define OP_SEAL 'L'
#define OP_DRBG_INSTANTIATE 'i'
#define OP_DRBG_RESEED 'r'
#define OP_DRBG_GENERATE 'g'
#define OP_DRBG_INTERVAL 'v'
#define OP_DRBG_SIZE 'z'
#define DRBG_FILL 0xa5
#define RESULT_MARK '='
/* The firmware's buffer: a firmware for a small MCU is built with a smaller one, and
 * announces it. */
#ifndef SERVER_MAX_PIECE
#define SERVER_MAX_PIECE 1024
#endif
#define SERVER_NO_CYCLES 0xffffffffu

#endif
