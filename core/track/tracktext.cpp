#include "core/track/tracktext.h"

#include "core/base/csv.h"
#include "core/base/format.h"

#include <QCoreApplication>

namespace pipeplan::track {

namespace {
/// The track record's words, reachable by lupdate under the context "Track".
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(Track)
};
} // namespace

QString intervalText(const Calibration &c)
{
    if (!c.calibrated())
        return {};
    return Text::tr("Next job's ratio, 10-90 %: %1x to %2x")
        .arg(QString::number(c.ratioP10, 'f', 2), QString::number(c.ratioP90, 'f', 2));
}

std::vector<QStringList> overrunRows(const std::vector<Overrun> &overruns)
{
    std::vector<QStringList> rows{
        {Text::tr("Job"), Text::tr("Kind"), Text::tr("Actual / estimate"), Text::tr("Finished")}};
    for (const Overrun &o : overruns)
        rows.push_back({o.name, o.kind, QString::number(o.ratio, 'f', 2) + QLatin1Char('x'),
                        o.finishedOn ? o.finishedOn->toString(Qt::ISODate) : QString()});
    return rows;
}

std::vector<QStringList> monthRows(const Retrospective &retrospective)
{
    std::vector<QStringList> rows{{Text::tr("Month"), Text::tr("Jobs"), Text::tr("MdAPE")}};
    for (const MonthError &m : retrospective.months)
        rows.push_back({m.month.toString(QStringLiteral("yyyy-MM")), QString::number(m.jobs),
                        format::trimmed(m.mdape * 100, 1) + QStringLiteral(" %")});
    return rows;
}

QString retrospectiveText(const Retrospective &retrospective)
{
    QStringList parts;
    if (retrospective.mdapeSlopePerMonth)
        parts << Text::tr("MdAPE trend: %1 (%2 points a month)")
                     .arg(trendText(retrospective.trend),
                          format::trimmed(*retrospective.mdapeSlopePerMonth * 100, 1));
    if (retrospective.wastedGpuHours)
        parts << format::plural(Text::tr("wasted GPU-hours (requested minus used): %1 over %n "
                                         "job(s)",
                                         nullptr, format::numerus(retrospective.wastedRows)),
                                retrospective.wastedRows)
                     .arg(format::grouped(*retrospective.wastedGpuHours, 1));
    return parts.join(QStringLiteral("; "));
}

QString appended(const QString &existing, const Row &row)
{
    return appended(existing, std::vector<Row>{row});
}

QString appended(const QString &existing, const std::vector<Row> &rows)
{
    const std::vector<QStringList> table =
        csv::parse(write(rows)).value_or(std::vector<QStringList>{});
    const QStringList &ownHeader = table.at(0);
    QStringList fileHeader = ownHeader;
    QString text = existing;
    if (!existing.trimmed().isEmpty()) {
        // The first line is the header (a spreadsheet's byte order mark aside).
        const auto parsed =
            csv::parse(existing.section(QLatin1Char('\n'), 0, 0) + QLatin1Char('\n'));
        if (parsed && !parsed->empty()) {
            fileHeader.clear();
            for (QString name : parsed->front()) {
                name = name.trimmed();
                if (name.startsWith(QChar(0xFEFF)))
                    name.remove(0, 1);
                fileHeader << name;
            }
        }
        if (!text.endsWith(QLatin1Char('\n')))
            text += QStringLiteral("\r\n");
    } else {
        text = csv::write({ownHeader});
    }
    std::vector<QStringList> lines;
    for (size_t r = 1; r < table.size(); ++r) {
        QStringList line;
        for (const QString &name : fileHeader) {
            const qsizetype at = ownHeader.indexOf(name);
            line << (at >= 0 ? table[r].value(at) : QString());
        }
        lines.push_back(std::move(line));
    }
    return lines.empty() ? text : text + csv::write(lines);
}

} // namespace pipeplan::track
