#pragma once

#include <cstdint>

/// Small, fast, reproducible random numbers for the simulations. std::mt19937_64 with
/// std::uniform_real_distribution would do, but its output is not specified across standard
/// libraries, and a seed must give the same percentiles on every machine.
namespace pipeplan::random {

/// SplitMix64 (Steele, Lea, Flood 2014): turns any 64-bit seed into well-mixed state words.
constexpr std::uint64_t splitMix64(std::uint64_t &state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/// xoshiro256++ (Blackman and Vigna 2019): period 2^256 - 1, four words of state.
class Xoshiro256
{
public:
    /// A stream for one unit of work (a trial): the same (seed, stream) gives the same numbers
    /// whichever thread runs it, so results never depend on the thread count.
    Xoshiro256(std::uint64_t seed, std::uint64_t stream)
    {
        std::uint64_t mix = seed ^ (stream * 0xD1B54A32D192ED03ULL);
        for (std::uint64_t &word : m_state)
            word = splitMix64(mix);
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_state[0] + m_state[3], 23) + m_state[0];
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }

    /// Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k)
    {
        return (x << k) | (x >> (64 - k));
    }
    std::uint64_t m_state[4]{};
};

} // namespace pipeplan::random
