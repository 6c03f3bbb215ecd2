#include "core/model/bandwidth.h"

namespace pipeplan::bandwidth {

double lowerBoundSeconds(double bytes, double bytesPerSecond)
{
    return bytes / bytesPerSecond;
}

double rateCeilingPerSecond(double bytes, double bytesPerSecond)
{
    return bytesPerSecond / bytes;
}

} // namespace pipeplan::bandwidth
