/*
  SealedRecord: seal each sensor reading into a record that the gateway authenticates, decrypts
  and checks for replays, with nothing of the protocol left to design (docs/RECORDS.md).

  Every two seconds this sketch reads a sensor on analog pin A0, seals the reading with
  lwc_seal and prints the record as hex on the Serial Monitor (9600 baud), the way a sensor
  node would send it over a radio. A record is the reading encrypted and authenticated with
  EAX over LEA-128, behind a 12-byte header sent in clear (format and suite, this node's id,
  its key epoch and a counter) and followed by an 8-byte tag: 20 bytes more than the reading.
  The gateway (the lwc Python package, or lwc_record_open in C) drops any record that was
  changed, made up, sent again or sent under another node's name.

  The counter must never repeat under one key. The sealer counts the records of one power-up;
  the boot counter, kept in EEPROM (address 0), counts the power-ups: this sketch adds one and
  stores it at every power-up BEFORE the first record. If the EEPROM is ever erased (a new
  board, a chip erase), the boot counter starts again and the gateway refuses the node's
  records as replays: re-key the node (a new epoch and the node key the gateway derives for
  it, below) and flash it again. docs/RECORDS.md says what an operator does then.

  Provisioning: each node has its own id and its own key, which the gateway derives from its
  master key, this node's id, the epoch and the suite (lwc_record_derive_key in C, or the lwc
  Python package); only the gateway holds the master key. The key below is the one of node
  0x00000017, epoch 1, under the example master key 00 01 02 .. 0f: replace all three values
  with your own, and never publish a real key. Another suite is its key type and sealer_init
  (Ascon-AEAD128: lwc_ascon_aead128_key and lwc_ascon_aead128_sealer_init) with the node key
  the gateway derives for that suite.
*/
#include <EEPROM.h>
#include <lwc.h>

static const uint32_t nodeId = 0x00000017;  // this node's id in the network
static const uint8_t epoch = 1;             // the key epoch: one more at every re-keying
static const uint8_t nodeKey[LWC_RECORD_KEY_BYTES] = {  // from the gateway, for this id and epoch
  0x03, 0xde, 0x94, 0xba, 0x9f, 0x9a, 0x6e, 0xf3,
  0xd1, 0x98, 0x24, 0xff, 0xa9, 0x74, 0x35, 0x90
};

static lwc_lea128_eax_key key;  // the suite's key, set up once by the sealer
static lwc_sealer sealer;       // the header of the next record and its counter
static bool sealing = false;

// Prints bytes as two hex digits each.
static void printHex(const uint8_t *data, size_t length) {
  for (size_t i = 0; i < length; i++) {
    if (data[i] < 0x10) {
      Serial.print('0');
    }
    Serial.print(data[i], HEX);
  }
}

void setup() {
  Serial.begin(9600);
  // One more boot, stored before the first record. A new board's EEPROM reads 0xFFFFFFFF,
  // which counts on to boot 0.
  uint32_t bootCount;
  EEPROM.get(0, bootCount);
  bootCount++;
  EEPROM.put(0, bootCount);
  Serial.print(F("SealedRecord: EAX over LEA-128, node "));
  Serial.print(nodeId, HEX);
  Serial.print(F(", epoch "));
  Serial.print(epoch);
  Serial.print(F(", boot "));
  Serial.println(bootCount);
  // Refused (LWC_E_COUNTER_EXHAUSTED) after 2^24 boots: re-key the node.
  sealing = lwc_lea128_eax_sealer_init(&sealer, &key, nodeKey, nodeId, epoch, bootCount) == 0;
  if (!sealing) {
    Serial.println(F("boot counter used up: re-key this node (a new epoch)"));
  }
}

void loop() {
  if (!sealing) {
    return;
  }
  uint16_t reading = analogRead(A0);
  uint8_t payload[2] = { (uint8_t)reading, (uint8_t)(reading >> 8) };
  uint8_t record[sizeof payload + LWC_RECORD_OVERHEAD_BYTES];
  if (lwc_seal(&sealer, record, sizeof record, payload, sizeof payload) != 0) {
    // LWC_E_COUNTER_EXHAUSTED: 2^24 records in this boot; a reboot starts a new range.
    Serial.println(F("record counter used up: reboot"));
    sealing = false;
    return;
  }
  // A real node sends only the record; the reading is shown here to follow along.
  Serial.print(F("reading "));
  Serial.print(reading);
  Serial.print(F(" -> record "));
  printHex(record, sizeof record);
  Serial.println();
  delay(2000);
}
