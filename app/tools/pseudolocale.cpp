// pipeplan-pseudolocale IN.ts OUT.ts: the pseudo-locale the build makes from lupdate's .ts.
// Every sentence is translated to itself with its letters accented, marked ⟦ … ⟧ and each word
// a third longer, the way a longer language would lengthen it. A sentence left unmarked in the
// window, the report or the CLI never went through translation; a label clipped under it would clip
// in German. Placeholders (%1, %n, %L2), markup (<b>, &amp;) and a menu's &-accelerator stay as
// they are, so every translation still formats and every shortcut keeps its letter.

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QSaveFile>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <cstdio>

namespace {

QChar accented(QChar c)
{
    static const QHash<QChar, QChar> map = [] {
        QHash<QChar, QChar> m;
        const QString plain = QStringLiteral("aceginorstuwyzACEGINORSTUWYZ");
        const QString marked = QStringLiteral("åçéĝîñöŕšţûŵýžÅÇÉĜÎÑÖŔŠŢÛŴÝŽ");
        for (qsizetype i = 0; i < plain.size(); ++i)
            m.insert(plain[i], marked[i]);
        return m;
    }();
    return map.value(c, c);
}

// One form of a sentence in the pseudo-locale.
QString pseudo(const QString &source)
{
    bool hasLetter = false;
    for (const QChar c : source)
        hasLetter = hasLetter || c.isLetter();
    if (!hasLetter)
        return source; // ", ", "%1 %2", "×": nothing a translator changes
    QString out;
    qsizetype letters = 0;
    for (qsizetype i = 0; i < source.size(); ++i) {
        const QChar c = source[i];
        if (c == QLatin1Char('%')) { // %1, %n, %L1, %%
            qsizetype j = i + 1;
            if (j < source.size() && source[j] == QLatin1Char('L'))
                ++j;
            while (j < source.size() && (source[j].isDigit() || source[j] == QLatin1Char('n')))
                ++j;
            if (j < source.size() && source[j] == QLatin1Char('%') && j == i + 1)
                ++j;
            out += source.mid(i, j - i);
            i = j - 1;
            continue;
        }
        if (c == QLatin1Char('<') || (c == QLatin1Char('&') && source.indexOf(u';', i) > i &&
                                      source.indexOf(u';', i) - i < 8 &&
                                      !source.mid(i, source.indexOf(u';', i) - i).contains(u' '))) {
            const qsizetype end = source.indexOf(c == QLatin1Char('<') ? u'>' : u';', i);
            if (end > i) { // markup and entities stay as they are
                out += source.mid(i, end - i + 1);
                i = end;
                continue;
            }
        }
        if (c == QLatin1Char('&') && i + 1 < source.size() && source[i + 1].isLetterOrNumber()) {
            out += source.mid(i, 2); // the accelerator keeps its key
            ++i;
            ++letters;
            continue;
        }
        if (c.isLetter())
            ++letters;
        out += accented(c);
        // A third longer, as translations into German or French run: each word grows, so a
        // line still breaks between words as a translation's would.
        if (c.isLetter() && (i + 1 == source.size() || !source[i + 1].isLetter())) {
            out += QString((letters + 1) / 3, QLatin1Char('~'));
            letters = 0;
        }
    }
    return QChar(u'\u27E6') + out + QChar(u'\u27E7');
}

// English's two plural forms from a "(s)" source: "%n worker(s)" reads "%n worker" for one.
QString pluralForm(const QString &source, bool one)
{
    QString text = source;
    text.replace(QStringLiteral("person(s)"),
                 one ? QStringLiteral("person") : QStringLiteral("people"));
    text.replace(QStringLiteral("(es)"), one ? QString() : QStringLiteral("es"));
    text.replace(QStringLiteral("(s)"), one ? QString() : QStringLiteral("s"));
    return pseudo(text);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: pipeplan-pseudolocale IN.ts OUT.ts\n");
        return 2;
    }
    QFile in(args[1]);
    if (!in.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "pipeplan-pseudolocale: cannot read %s\n", qPrintable(args[1]));
        return 1;
    }
    QSaveFile out(args[2]);
    if (!out.open(QIODevice::WriteOnly)) {
        std::fprintf(stderr, "pipeplan-pseudolocale: cannot write %s\n", qPrintable(args[2]));
        return 1;
    }
    QXmlStreamReader reader(&in);
    QXmlStreamWriter writer(&out);
    writer.setAutoFormatting(true);
    writer.writeStartDocument();
    writer.writeDTD(QStringLiteral("<!DOCTYPE TS>"));
    QString source;
    bool numerus = false;
    int messages = 0;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const QStringView name = reader.name();
            if (name == QLatin1String("TS")) {
                writer.writeStartElement(QStringLiteral("TS"));
                writer.writeAttribute(QStringLiteral("version"), QStringLiteral("2.1"));
                // English plural rules: one form for 1, one for the rest.
                writer.writeAttribute(QStringLiteral("language"), QStringLiteral("en_US"));
            } else if (name == QLatin1String("context")) {
                writer.writeStartElement(QStringLiteral("context"));
            } else if (name == QLatin1String("name")) {
                writer.writeTextElement(QStringLiteral("name"), reader.readElementText());
            } else if (name == QLatin1String("message")) {
                numerus =
                    reader.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                writer.writeStartElement(QStringLiteral("message"));
                if (numerus)
                    writer.writeAttribute(QStringLiteral("numerus"), QStringLiteral("yes"));
            } else if (name == QLatin1String("source")) {
                source = reader.readElementText();
                writer.writeTextElement(QStringLiteral("source"), source);
            } else if (name == QLatin1String("comment")) {
                writer.writeTextElement(QStringLiteral("comment"), reader.readElementText());
            } else if (name == QLatin1String("translation")) {
                reader.skipCurrentElement();
                writer.writeStartElement(QStringLiteral("translation"));
                if (numerus) {
                    writer.writeTextElement(QStringLiteral("numerusform"),
                                            pluralForm(source, true));
                    writer.writeTextElement(QStringLiteral("numerusform"),
                                            pluralForm(source, false));
                } else {
                    writer.writeCharacters(pseudo(source));
                }
                writer.writeEndElement();
                ++messages;
            } else {
                reader.skipCurrentElement();
            }
        } else if (reader.isEndElement()) {
            const QStringView name = reader.name();
            if (name == QLatin1String("message") || name == QLatin1String("context") ||
                name == QLatin1String("TS"))
                writer.writeEndElement();
        }
    }
    if (reader.hasError()) {
        std::fprintf(stderr, "pipeplan-pseudolocale: %s: %s\n", qPrintable(args[1]),
                     qPrintable(reader.errorString()));
        return 1;
    }
    writer.writeEndDocument();
    if (messages == 0 || !out.commit()) {
        std::fprintf(stderr, "pipeplan-pseudolocale: no sentences written to %s\n",
                     qPrintable(args[2]));
        return 1;
    }
    return 0;
}
