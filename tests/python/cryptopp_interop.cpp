// Crypto++ (Debian's libcrypto++-dev) as an interop peer for tests/python/test_interop.py.
// Reads requests, one per line, from stdin:  CIPHER OP KEY IV DATA  (hex; IV "-" for ECB)
//   CIPHER  lea | hight | cham64 | cham128   (LEA and CHAM-128 take the key length given)
//   OP      encrypt | decrypt (ECB over whole blocks) | ctr (Crypto++'s CTR_Mode)
// and answers each with one line: the output as hex, or "error: <what>".
#include <cryptopp/cham.h>
#include <cryptopp/hight.h>
#include <cryptopp/lea.h>
#include <cryptopp/modes.h>

#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

using Bytes = std::string;

static Bytes unhex(const std::string &hex)
{
    if (hex == "-")
        return Bytes();
    if (hex.size() % 2)
        throw std::invalid_argument("odd hex length");
    Bytes out;
    for (size_t i = 0; i < hex.size(); i += 2)
        out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}

static std::string tohex(const Bytes &b)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : b) {
        out.push_back(digits[c >> 4]);
        out.push_back(digits[c & 15]);
    }
    return out;
}

static const CryptoPP::byte *raw(const Bytes &b)
{
    return reinterpret_cast<const CryptoPP::byte *>(b.data());
}

// ECB (one ProcessBlock per block) or CTR with block cipher C.
template <class C> static Bytes run(const std::string &op, const Bytes &key, const Bytes &iv, const Bytes &data)
{
    Bytes out(data.size(), '\0');
    auto *dst = reinterpret_cast<CryptoPP::byte *>(&out[0]);
    if (op == "ctr") {
        typename CryptoPP::CTR_Mode<C>::Encryption ctr;
        ctr.SetKeyWithIV(raw(key), key.size(), raw(iv), iv.size());
        ctr.ProcessData(dst, raw(data), data.size());
        return out;
    }
    if (data.size() % C::BLOCKSIZE)
        throw std::invalid_argument("ECB data is not whole blocks");
    if (op == "encrypt") {
        typename C::Encryption e(raw(key), key.size());
        for (size_t i = 0; i < data.size(); i += C::BLOCKSIZE)
            e.ProcessBlock(raw(data) + i, dst + i);
    } else if (op == "decrypt") {
        typename C::Decryption d(raw(key), key.size());
        for (size_t i = 0; i < data.size(); i += C::BLOCKSIZE)
            d.ProcessBlock(raw(data) + i, dst + i);
    } else {
        throw std::invalid_argument("unknown op " + op);
    }
    return out;
}

int main()
{
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream fields(line);
        std::string cipher, op, key, iv, data;
        fields >> cipher >> op >> key >> iv >> data;
        try {
            const Bytes k = unhex(key), v = unhex(iv), in = unhex(data);
            Bytes out;
            if (cipher == "lea")
                out = run<CryptoPP::LEA>(op, k, v, in);
            else if (cipher == "hight")
                out = run<CryptoPP::HIGHT>(op, k, v, in);
            else if (cipher == "cham64")
                out = run<CryptoPP::CHAM64>(op, k, v, in);
            else if (cipher == "cham128")
                out = run<CryptoPP::CHAM128>(op, k, v, in);
            else
                throw std::invalid_argument("unknown cipher " + cipher);
            std::cout << tohex(out) << std::endl;
        } catch (const std::exception &e) {
            std::cout << "error: " << e.what() << std::endl;
        }
    }
    return 0;
}
