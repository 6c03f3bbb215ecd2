#include "core/measured/fit.h"

namespace pipeplan::fit {

Result fitRuns(const Runs &)
{
    return {};
}
double amdahlThroughput(const AmdahlFit &, double)
{
    return 0;
}
double uslThroughput(const UslFit &, double)
{
    return 0;
}
std::vector<Prediction> predict(const Result &, Measure, const std::vector<double> &)
{
    return {};
}
QString CsvError::toString() const
{
    return message;
}
CsvRuns readRunsCsv(const QString &)
{
    return {};
}
QString writeRunsCsv(const Runs &)
{
    return {};
}

} // namespace pipeplan::fit
