#pragma once

#include <QString>

#include <optional>

namespace pipeplan {

/// What a job counts, as the plan names it ("the job's own words"): a person reads
/// "500,000,000 documents", not "users". `one` and `many` are the singular and the plural.
struct CountedNoun
{
    QString one = QStringLiteral("user");
    QString many = QStringLiteral("users");

    bool operator==(const CountedNoun &) const = default;

    /// "Documents": the plural as a label starts a sentence or a form row.
    QString capitalizedMany() const;
    /// "1 document", "500,000,000 documents": grouped, singular only for exactly one.
    QString count(double value) const;
    /// "1 document", "20000 documents": ungrouped, as a spin box's text reads back.
    QString plainCount(int value) const;
};

/// The longest name the window, the tables and the report lay out whole.
inline constexpr int kMaxCountedNounLength = 24;

/// The noun for a typed plural ("documents", "images", "queries", "boxes", "Sales leads"): the
/// plural as typed (trimmed, lower case unless it is an acronym like "PDFs"), the singular by
/// English's regular rules ("queries" -> "query", "boxes" -> "box", "documents" -> "document";
/// a word without a plural ending is both). nullopt when the text is empty, too long, or holds
/// anything but letters, digits, spaces, hyphens and apostrophes.
std::optional<CountedNoun> countedNoun(const QString &plural);

/// Why `plural` is not a counted noun, or an empty string when it is ("is empty", "has more
/// than 24 characters", "may hold only letters, digits, spaces, hyphens and apostrophes").
QString countedNounProblem(const QString &plural);

/// The singular by English's regular rules, as countedNoun derives it.
QString singularOf(const QString &plural);

} // namespace pipeplan
