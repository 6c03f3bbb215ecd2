// pipeplan-cli's front door: the table of commands in the order --help lists them, the usage
// and per-command help, and run(), which finds the command, reads its flags and turns invalid
// input into one line on stderr and exit code 2. The commands themselves live one group a file
// (commands.h).

#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/common.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace pipeplan::cli {

namespace {

std::vector<Command> commands()
{
    return {
        runtimeCommand(),   scalingCommand(),    amdahlCommand(),   pipelineCommand(),
        evalCommand(),      simulateCommand(),   deadlineCommand(), scheduleCommand(),
        bandwidthCommand(), monteCarloCommand(), labelingCommand(), fitCommand(),
        traceCommand(),     devicesCommand(),    rooflineCommand(), optionsCommand(),
        watchCommand(),     calibrateCommand(),  prerunCommand(),
    };
}

void printUsage(QTextStream &out, const std::vector<Command> &all)
{
    out << QCoreApplication::translate("pipeplan::cli", "Usage: pipeplan-cli COMMAND [flags]")
        << "\n\n"
        << QCoreApplication::translate("pipeplan::cli",
                                       "Will this job ever finish, and what would make it finish?")
        << "\n\n"
        << QCoreApplication::translate("pipeplan::cli", "Commands:") << '\n';
    for (const Command &command : all)
        out << "  " << command.name.leftJustified(12) << command.summary << '\n';
    out << "  " << QStringLiteral("report").leftJustified(12)
        << QCoreApplication::translate(
               "pipeplan::cli",
               "the planning report as a vector PDF: report FILE.json -o out.pdf [--page "
               "a4|letter]")
        << '\n';
    out << '\n'
        << QCoreApplication::translate("pipeplan::cli",
                                       "Numbers accept 150000000, 150e6, 150M, 1.5k, 2G, 512Mi.")
        << '\n'
        << QCoreApplication::translate(
               "pipeplan::cli",
               "Run 'pipeplan-cli COMMAND --help' for a command's flags. Exit codes: 0 ok, 2 "
               "invalid input.")
        << '\n';
}

// kJson's and kHelp's help are made before any translator is installed (they are constants of
// common.h): translated as printed. Every other flag's help is translated where it is made.
QString flagHelp(const FlagDef &flag)
{
    if (flag.help == kJson.help)
        return QCoreApplication::translate("pipeplan::cli", "print one JSON object");
    if (flag.help == kHelp.help)
        return QCoreApplication::translate("pipeplan::cli", "show this help");
    return flag.help;
}

void printCommandHelp(QTextStream &out, const Command &command)
{
    out << QCoreApplication::translate("pipeplan::cli", "Usage: pipeplan-cli %1 [flags]")
               .arg(command.name)
        << '\n'
        << command.summary << "\n\n";
    for (const FlagDef &flag : command.flags) {
        const QString name =
            QStringLiteral("--") + flag.name +
            (flag.kind == FlagKind::Switch
                 ? QString()
                 : QLatin1Char(' ') +
                       QCoreApplication::translate("pipeplan::cli", "X", "the value a flag takes"));
        // A name longer than the column keeps two spaces before its help.
        out << "  " << name.leftJustified(26) << (name.size() >= 26 ? "  " : "") << flagHelp(flag)
            << '\n';
    }
    if (!command.notes.isEmpty())
        out << '\n' << command.notes << '\n';
}

} // namespace

QString oneLineMessage(const QString &message)
{
    QString line;
    line.reserve(std::min<qsizetype>(message.size(), kMaxMessageChars) + 8);
    for (const QChar c : message) {
        if (line.size() >= kMaxMessageChars) {
            line += QStringLiteral("...");
            break;
        }
        if (c == QLatin1Char('\n'))
            line += QStringLiteral("\\n");
        else if (c == QLatin1Char('\r'))
            line += QStringLiteral("\\r");
        else if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
                 c == QChar::ParagraphSeparator)
            line += QLatin1Char('?');
        else
            line += c;
    }
    return line;
}

int run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const std::vector<Command> all = commands();
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h") || args.first() == QLatin1String("help")) {
        printUsage(out, all);
        return args.isEmpty() ? kExitInvalid : kExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        out << "pipeplan-cli " << PIPEPLAN_VERSION << '\n';
        return kExitOk;
    }
    const auto command = std::find_if(all.begin(), all.end(),
                                      [&args](const Command &c) { return c.name == args.first(); });
    if (command == all.end()) {
        err << oneLineMessage(
                   QCoreApplication::translate("pipeplan::cli",
                                               "pipeplan-cli: unknown command '%1' (try --help)")
                       .arg(args.first()))
            << '\n';
        return kExitInvalid;
    }
    try {
        // A command that writes a file takes -o for --output, as report does.
        QStringList rest = args.mid(1);
        if (std::any_of(command->flags.begin(), command->flags.end(),
                        [](const FlagDef &d) { return d.name == QLatin1String("output"); }))
            rest.replaceInStrings(QRegularExpression(QStringLiteral("^-o$")),
                                  QStringLiteral("--output"));
        const Flags flags(rest, command->flags, command->positional);
        if (flags.isSet(kHelp.name)) {
            printCommandHelp(out, *command);
            return kExitOk;
        }
        return command->handler(flags, out);
    } catch (const InvalidInput &invalid) {
        err << oneLineMessage(QStringLiteral("pipeplan-cli ") + command->name +
                              QStringLiteral(": ") + invalid.message)
            << '\n';
        return kExitInvalid;
    } catch (const Unreachable &unreachable) {
        err << oneLineMessage(QStringLiteral("pipeplan-cli ") + command->name +
                              QStringLiteral(": ") + unreachable.message)
            << '\n';
        return kExitUnreachable;
    }
}

CliRunResult runCaptured(const QStringList &args)
{
    CliRunResult result;
    QTextStream out(&result.out);
    QTextStream err(&result.err);
    result.exitCode = run(args, out, err);
    out.flush();
    err.flush();
    return result;
}

} // namespace pipeplan::cli
