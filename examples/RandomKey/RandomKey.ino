/*
  RandomKey: make random keys on the board with CTR_DRBG (NIST SP 800-90A, over AES-128).

  A DRBG (deterministic random bit generator) stretches a short secret seed into as many
  random bytes as you ask for. It is exactly as unpredictable as its seed, and no more:
  gathering that seed (the "entropy") is this sketch's job, not the library's.

  This sketch takes its seed from the electrical noise on an unconnected analog pin (A0),
  keeping the lowest bits of many readings. That is a WEAK source on many boards: a
  floating pin may read almost the same value every time, and whatever is wired to it
  changes what it reads. Before relying on it, print what your board reads and check
  that it really varies, or better, use a hardware random number generator (a secure
  element such as the ATECC608, for example). The keys are only as good as the seed.

  Every two seconds it prints a new 128-bit key as hex on the Serial Monitor (9600 baud).
  A real device would keep its keys secret instead of printing them.
*/
#include <lwc.h>

// The text that makes this application's generator different from others'.
static const char personalization[] = "RandomKey";

static lwc_aes128_drbg drbg;  // the generator's state: secret, like a key
static uint16_t keyCount;

// Fills buffer with the low byte of one A0 reading per byte. We count on at least 2 bits
// of real noise per reading: 64 readings for the 128 bits AES-128 needs. Check that on
// your board.
static void gatherNoise(uint8_t *buffer, size_t length) {
  for (size_t i = 0; i < length; i++) {
    buffer[i] = (uint8_t)analogRead(A0);
  }
}

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
  uint8_t entropy[64], nonce[16];
  gatherNoise(entropy, sizeof entropy);
  gatherNoise(nonce, sizeof nonce);  // a nonce may come from the same source
  int error = lwc_aes128_drbg_instantiate(&drbg, entropy, sizeof entropy, nonce, sizeof nonce,
                                          (const uint8_t *)personalization, sizeof personalization - 1);
  lwc_wipe(entropy, sizeof entropy);  // the seed is as secret as the keys
  if (error != 0) {
    Serial.print(F("instantiate failed: error "));
    Serial.println(error);
  } else {
    Serial.println(F("RandomKey: AES-128 CTR_DRBG seeded from A0"));
  }
}

void loop() {
  uint8_t newKey[16];
  int error = lwc_aes128_drbg_generate(&drbg, newKey, sizeof newKey, NULL, 0);
  if (error == LWC_E_RESEED_REQUIRED) {
    // After very many keys (2^48 here) the generator wants fresh entropy.
    uint8_t entropy[64];
    gatherNoise(entropy, sizeof entropy);
    error = lwc_aes128_drbg_reseed(&drbg, entropy, sizeof entropy, NULL, 0);
    lwc_wipe(entropy, sizeof entropy);
    if (error == 0) {
      error = lwc_aes128_drbg_generate(&drbg, newKey, sizeof newKey, NULL, 0);
    }
  }
  if (error != 0) {
    Serial.print(F("generate failed: error "));
    Serial.println(error);
  } else {
    keyCount++;
    Serial.print(F("key "));
    Serial.print(keyCount);
    Serial.print(F(": "));
    printHex(newKey, sizeof newKey);
    Serial.println();
  }
  lwc_wipe(newKey, sizeof newKey);
  delay(2000);
}
