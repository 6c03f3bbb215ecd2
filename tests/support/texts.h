#pragma once

// What a person reads in a window, walked as the pseudo-locale's test reads it: every visible
// label, button, group title, tab and its tooltip, header, table cell, field's placeholder and
// suffix, menu item, and every chart's titles, tick labels, legend entries and labels.

#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

class QWidget;

namespace pipeplan::testsupport {

struct ShownText
{
    QString where; ///< the widget's class and name
    QString text;
};

std::vector<ShownText> shownTexts(QWidget *root);

/// The words of `text` outside the pseudo-locale's ⟦ … ⟧ marks that are not numbers, units,
/// formula symbols or in `names` (what the person typed: the plan's and its file's own words).
QStringList unmarkedWords(const QString &text, const QSet<QString> &names);

/// Every word of the string values in a JSON document (a plan file, a preset): the names a
/// person typed, which no translation touches.
QSet<QString> wordsOfJson(const QByteArray &json);

} // namespace pipeplan::testsupport
