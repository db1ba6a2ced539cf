/*
  AsconRecord: AuthenticatedRecord with Ascon-AEAD128 (NIST SP 800-232) in place of LEA-128 EAX.

  Every two seconds this sketch reads a sensor on analog pin A0, encrypts and authenticates
  the reading with Ascon-AEAD128, and prints the record as hex on the Serial Monitor (9600
  baud), the way a sensor node would send it over a radio. The gateway, which has the same
  key, recomputes the tag and drops any record that someone changed or made up.

  Which to choose: Ascon is NIST's lightweight AEAD standard and needs no block cipher beside
  it; EAX and CCM reuse a block cipher a sketch may already carry. The README's "which AEAD"
  table compares their cycles, flash and RAM on each chip.

  The record (21 bytes), as AuthenticatedRecord's:
    header   node id (2 bytes), boot counter (4), record counter (4): sent in clear. Ascon's
             nonce is 16 bytes: the header followed by 6 zero bytes. A nonce must never
             repeat under one key: the boot counter is kept in EEPROM (it keeps counting
             across resets and power cuts), the record counter counts within one power-up,
             and the node id keeps two nodes apart.
    channel  1 byte, sent in clear but authenticated (associated data): which input the
             reading comes from.
    reading  2 bytes, low byte first, encrypted.
    tag      8 bytes: the first 8 of Ascon's 16 (SP 800-232 allows truncated tags; 8 bytes
             leave a forger one chance in 2^64 per try).

  The key below is an example: give each device its own secret key, and never publish it.
  (This one is the example key of NIST SP 800-38A.)
*/
#include <EEPROM.h>
#include <lwc.h>

// The example key: replace it with your own 16 secret bytes.
static const uint8_t key[LWC_ASCON_AEAD128_KEY_BYTES] = {
  0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
  0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c
};
static const uint16_t nodeId = 0x0017;  // this node's number in the network
static const uint8_t channel = 0;       // A0
static const size_t tagBytes = 8;

static lwc_ascon_aead128_key ascon;  // set up once
static uint32_t bootCount;           // this power-up's number, from EEPROM address 0
static uint32_t recordCount;         // records made since power-up

// Prints bytes as two hex digits each.
static void printHex(const uint8_t *data, size_t length) {
  for (size_t i = 0; i < length; i++) {
    if (data[i] < 0x10) {
      Serial.print('0');
    }
    Serial.print(data[i], HEX);
  }
}

// Writes a number into `bytes` bytes, most significant byte first.
static void putBigEndian(uint8_t *out, uint32_t value, int bytes) {
  for (int i = bytes - 1; i >= 0; i--) {
    out[i] = (uint8_t)value;
    value >>= 8;
  }
}

void setup() {
  Serial.begin(9600);
  // One more boot: a new board's EEPROM reads 0xFFFFFFFF, which counts on to 0.
  EEPROM.get(0, bootCount);
  bootCount++;
  EEPROM.put(0, bootCount);
  lwc_ascon_aead128_setkey(&ascon, key);
  Serial.println(F("AsconRecord: Ascon-AEAD128 records (header, channel, encrypted reading, tag)"));
}

void loop() {
  uint16_t reading = analogRead(A0);
  uint8_t plaintext[2] = { (uint8_t)reading, (uint8_t)(reading >> 8) };

  // static: at a fixed address, as a radio's send buffer would be (see AuthenticatedRecord).
  static uint8_t record[10 + 1 + sizeof plaintext + tagBytes];
  uint8_t *header = record, *ad = record + 10, *ciphertext = ad + 1, *tag = ciphertext + sizeof plaintext;
  recordCount++;
  putBigEndian(header, nodeId, 2);
  putBigEndian(header + 2, bootCount, 4);
  putBigEndian(header + 6, recordCount, 4);
  *ad = channel;
  uint8_t nonce[LWC_ASCON_AEAD128_NONCE_BYTES] = { 0 };
  memcpy(nonce, header, 10);
  lwc_ascon_aead128_encrypt(&ascon, ciphertext, tag, tagBytes, nonce, sizeof nonce, ad, 1, plaintext,
                            sizeof plaintext);

  // A real node sends only the record; the reading is shown here to follow along.
  Serial.print(F("reading "));
  Serial.print(reading);
  Serial.print(F(" -> record "));
  printHex(record, sizeof record);
  Serial.println();
  delay(2000);
}
