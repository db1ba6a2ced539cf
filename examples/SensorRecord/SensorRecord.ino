/*
  SensorRecord: encrypt each sensor reading before it leaves the board.

  Every two seconds this sketch reads a sensor on analog pin A0, encrypts the reading
  with the LEA-128 cipher in CTR mode, and prints the encrypted record as hex on the
  Serial Monitor (9600 baud), the way a sensor node would send it over a radio. A
  gateway that has the same key decrypts it with the same library: its C code runs on
  any computer.

  The record is the IV (16 bytes) followed by the encrypted reading (2 bytes, low byte
  first). CTR mode makes the cipher a stream cipher, so the encrypted reading is as long
  as the reading itself. It is safe only if no two records ever use the same IV with
  the same key: the IV is made of a boot counter kept in EEPROM (so it keeps counting
  across resets and power cuts) and a record counter. CTR alone does not detect a record
  that someone changed on its way: that takes authentication (a MAC), which this example
  leaves out.

  The key below is an example: give each device its own secret key, and never publish
  it. (This one is the example key of NIST SP 800-38A.) The cipher's state, which holds
  the key schedule, stays in RAM for the whole run; a sketch that stops using the key
  should erase it with lwc_wipe(&ctr, sizeof ctr).

  Any other cipher of the library works the same way: replace lea128 and LEA128 with
  aes128, cham128_128, ... (see keywords.txt or the README).
*/
#include <EEPROM.h>
#include <lwc.h>

// The example key: replace it with your own 16 secret bytes.
static const uint8_t key[LWC_LEA128_KEY_BYTES] = {
  0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
  0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c
};

static lwc_lea128_ctr ctr;     // the cipher's working state: its key schedule, made once
static uint32_t bootCount;    // this power-up's number, from EEPROM address 0
static uint32_t recordCount;  // records made since power-up

// Prints bytes as two hex digits each.
static void printHex(const uint8_t *data, size_t length) {
  for (size_t i = 0; i < length; i++) {
    if (data[i] < 0x10) {
      Serial.print('0');
    }
    Serial.print(data[i], HEX);
  }
}

// Writes a 32-bit number into 4 bytes, most significant byte first.
static void putBigEndian(uint8_t *out, uint32_t value) {
  for (int i = 3; i >= 0; i--) {
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
  // The key schedule is computed once here; each record then only sets its own IV.
  // (ctr_init also takes an IV: this first one is never used for a record.)
  static const uint8_t unusedIv[LWC_LEA128_BLOCK_BYTES] = { 0 };
  lwc_lea128_ctr_init(&ctr, key, unusedIv);
  Serial.println(F("SensorRecord: LEA-128 CTR records (IV, then the encrypted reading)"));
}

void loop() {
  uint16_t reading = analogRead(A0);
  uint8_t plaintext[2] = { (uint8_t)reading, (uint8_t)(reading >> 8) };

  // The record starts with its IV: boot counter, record counter, then 8 zero bytes,
  // which CTR mode counts up in (one per 16 bytes of data).
  uint8_t record[LWC_LEA128_BLOCK_BYTES + sizeof plaintext] = { 0 };
  recordCount++;
  putBigEndian(record, bootCount);
  putBigEndian(record + 4, recordCount);

  lwc_lea128_ctr_setiv(&ctr, record);      // this record's IV; the key schedule stays
  lwc_lea128_ctr_crypt(&ctr, record + LWC_LEA128_BLOCK_BYTES, plaintext, sizeof plaintext);

  // A real node sends only the record; the reading is shown here to follow along.
  Serial.print(F("reading "));
  Serial.print(reading);
  Serial.print(F(" -> record "));
  printHex(record, sizeof record);
  Serial.println();
  delay(2000);
}
