#pragma once

#include <QStringList>
#include <QTextStream>

namespace pipeplan::cli {

/// `pipeplan-cli report FILE.json -o out.pdf [--page a4|letter] [--sections NAME,...]
/// [--format pdf|html|markdown|csv|tsv] [--set KEY=VALUE ...] [--simulate]`: the window's
/// report, headless. Needs a QApplication (the charts are widgets).
int runReport(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace pipeplan::cli
