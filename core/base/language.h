#pragma once

#include <QString>
#include <QStringList>

namespace pipeplan::language {

/// The languages `--language` takes besides the source's English: "pseudo", the build-made
/// pseudo-locale (every sentence marked ⟦…⟧ and a third longer) that shows what is not
/// translatable and what a longer language would clip.
QStringList available();

/// Installs the named language's translations into the running application. "en" (or empty)
/// keeps the source text. False with a message naming the languages there are.
bool install(const QString &name, QString *error);

/// The pseudo-locale's marks around a translated sentence.
inline constexpr char16_t kPseudoOpen = u'\u27E6';
inline constexpr char16_t kPseudoClose = u'\u27E7';

} // namespace pipeplan::language
