#include "core/base/noun.h"

#include "core/base/format.h"
#include "core/base/translate.h"

namespace pipeplan {

PIPEPLAN_TR_CONTEXT("pipeplan")

QString CountedNoun::capitalizedMany() const
{
    if (many.isEmpty())
        return many;
    return many.front().toUpper() + many.mid(1);
}

QString CountedNoun::plainCount(int value) const
{
    return QString::number(value) + QLatin1Char(' ') + (value == 1 ? one : many);
}

QString CountedNoun::count(double value) const
{
    return format::grouped(value, 0) + QLatin1Char(' ') + (value == 1 ? one : many);
}

QString singularOf(const QString &plural)
{
    const QString lower = plural.toLower();
    const auto endsWith = [&lower](const char *tail) {
        return lower.endsWith(QLatin1String(tail));
    };
    // Regular English plurals only; an irregular one ("people") is both its own singular and
    // plural, which reads well enough in "1 people"'s one place (a count of exactly one).
    if (endsWith("ies") && lower.size() > 4)
        return plural.left(plural.size() - 3) + (plural.back().isUpper() ? u'Y' : u'y');
    if (endsWith("sses") || endsWith("shes") || endsWith("ches") || endsWith("xes") ||
        endsWith("zes"))
        return plural.left(plural.size() - 2);
    if (endsWith("s") && !endsWith("ss") && !endsWith("us") && !endsWith("is") && lower.size() > 2)
        return plural.left(plural.size() - 1);
    return plural;
}

QString countedNounProblem(const QString &plural)
{
    const QString text = plural.simplified();
    if (text.isEmpty())
        return tr("is empty: name what the job counts, like documents or images");
    if (text.size() > kMaxCountedNounLength)
        return tr("has more than %1 characters").arg(kMaxCountedNounLength);
    for (const QChar c : text) {
        if (!c.isLetterOrNumber() && c != u' ' && c != u'-' && c != u'\'')
            return tr("may hold only letters, digits, spaces, hyphens and apostrophes");
    }
    if (!text.front().isLetter())
        return tr("must start with a letter");
    return {};
}

std::optional<CountedNoun> countedNoun(const QString &plural)
{
    if (!countedNounProblem(plural).isEmpty())
        return std::nullopt;
    QString many = plural.simplified();
    // "Documents" typed at the start of a form reads "documents" in a sentence; an acronym
    // ("PDFs", "URLs") keeps its capitals.
    const bool acronym = many.size() > 1 && many.at(1).isUpper();
    if (!acronym)
        many = many.front().toLower() + many.mid(1);
    return CountedNoun{singularOf(many), many};
}

} // namespace pipeplan
