#include "ui/widgets/chartexport.h"

#include "core/base/fileio.h"

#include "core/base/csv.h"
#include "core/base/tabletext.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QHeaderView>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QTableView>
#include <qcustomplot.h>

#include <memory>

namespace pipeplan::chartexport {

QPicture recordPlot(QCustomPlot *plot, QSize size)
{
    QPicture picture;
    QCPPainter painter(&picture);
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    return picture;
}

QPicture recordChartView(QChartView *view, QSize size)
{
    QPicture picture;
    QPainter painter(&picture);
    view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), view->chart()->geometry());
    painter.end();
    return picture;
}

namespace {
/// Every export is encoded in memory, then written atomically: a failed write leaves the old file.
QString writeFile(const QString &path, const QByteArray &bytes)
{
    if (const QString problem = fileio::writeAtomically(path, bytes); !problem.isEmpty())
        return QStringLiteral("%1: %2").arg(path, problem);
    return {};
}
} // namespace

QString savePdf(const QPicture &picture, QSize size, const QString &path, const QString &title)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(96);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("PipePlan ") + QLatin1String(PIPEPLAN_VERSION));
        // One page exactly the chart's size: it drops into a document like a figure.
        writer.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&writer);
        painter.drawPicture(QPointF(0, 0), picture);
    }
    return writeFile(path, bytes);
}

QByteArray svgBytes(const QPicture &picture, QSize size, const QString &title)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96);
    generator.setTitle(title);
    generator.setDescription(QStringLiteral("Drawn by PipePlan ") +
                             QLatin1String(PIPEPLAN_VERSION));
    QPainter painter(&generator);
    painter.drawPicture(QPointF(0, 0), picture);
    painter.end();
    return bytes;
}

QString saveSvg(const QPicture &picture, QSize size, const QString &path, const QString &title)
{
    return writeFile(path, svgBytes(picture, size, title));
}

namespace {
QImage image(const QPicture &picture, QSize size, int scale)
{
    QImage out(size * scale, QImage::Format_ARGB32_Premultiplied);
    out.setDevicePixelRatio(scale);
    out.fill(Qt::white);
    QPainter painter(&out);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.drawPicture(QPointF(0, 0), picture);
    painter.end();
    return out;
}
} // namespace

QString savePng(const QPicture &picture, QSize size, int scale, const QString &path)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image(picture, size, scale).save(&buffer, "PNG"))
        return QCoreApplication::translate("pipeplan::chartexport", "%1: could not encode the PNG")
            .arg(path);
    return writeFile(path, bytes);
}

void copyToClipboard(const QPicture &picture, QSize size, const QString &title)
{
    auto *data = new QMimeData;
    data->setImageData(image(picture, size, 2));
    data->setData(QStringLiteral("image/svg+xml"), svgBytes(picture, size, title));
    QApplication::clipboard()->setMimeData(data); // the clipboard owns it
}

QString saveCsv(const std::vector<QStringList> &rows, const QString &path)
{
    return writeFile(path, csv::write(rows).toUtf8());
}

QString saveMarkdown(const std::vector<QStringList> &rows, const QString &path)
{
    return writeFile(path, tabletext::markdown(rows).toUtf8());
}

QString saveHtml(const std::vector<QStringList> &rows, const QString &path, const QString &title)
{
    return writeFile(path, tabletext::htmlDocument(rows, title).toUtf8());
}

void copyTabSeparated(const std::vector<QStringList> &rows)
{
    QApplication::clipboard()->setText(csv::tabSeparated(rows));
}

void copyMarkdown(const std::vector<QStringList> &rows)
{
    QApplication::clipboard()->setText(tabletext::markdown(rows));
}

void copyHtml(const std::vector<QStringList> &rows)
{
    auto *data = new QMimeData;
    // The charset first, as browsers put it there: without it some word processors read the
    // clipboard's UTF-8 as Latin-1, and every "×" and "−" of the scaling table turns to noise.
    data->setHtml(QStringLiteral("<meta charset=\"utf-8\">\n") + tabletext::html(rows));
    // A spreadsheet takes the plain text: tab-separated, it lands in cells as "Copy as
    // tab-separated text" does.
    data->setText(csv::tabSeparated(rows));
    QApplication::clipboard()->setMimeData(data); // the clipboard owns it
}

namespace {
/// Whether the rows are labelled in the vertical header (the project estimate's "PERT mean",
/// "P50"): without the labels the copied numbers would say nothing. Plain row numbers, the
/// header's default, are no labels.
bool hasRowLabels(const QTableView *table)
{
    if (table->verticalHeader()->isHidden())
        return false;
    const QAbstractItemModel *model = table->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        const QString label = model->headerData(r, Qt::Vertical).toString();
        if (!label.isEmpty() && label != QString::number(r + 1))
            return true;
    }
    return false;
}
} // namespace

std::vector<QStringList> tableRows(const QTableView *table)
{
    const QAbstractItemModel *model = table->model();
    if (!model)
        return {};
    const bool rowLabels = hasRowLabels(table);
    std::vector<QStringList> rows;
    rows.reserve(static_cast<std::size_t>(model->rowCount()) + 1);
    QStringList header;
    if (rowLabels)
        header << QString();
    // A title the window breaks over two lines copies as one (a newline would end the row).
    for (int c = 0; c < model->columnCount(); ++c)
        header << model->headerData(c, Qt::Horizontal)
                      .toString()
                      .replace(QLatin1Char('\n'), QLatin1Char(' '));
    rows.push_back(header);
    for (int r = 0; r < model->rowCount(); ++r) {
        QStringList cells;
        if (rowLabels)
            cells << model->headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < model->columnCount(); ++c)
            cells << model->data(model->index(r, c)).toString();
        rows.push_back(cells);
    }
    return rows;
}

QString fileStem(const QString &title)
{
    QString name = title.toLower();
    name.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    name.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    return name.isEmpty() ? QStringLiteral("untitled") : name;
}

QString suggestedPath(const QString &title, const QString &suffix)
{
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + QLatin1Char('/') +
           fileStem(title) + suffix;
}

QString suggestedPathBeside(const QString &documentPath, const QString &title,
                            const QString &suffix)
{
    if (documentPath.isEmpty())
        return suggestedPath(title, suffix);
    // "plan.pipeplan.json" gives "plan.pdf" in the same folder.
    const QFileInfo info(documentPath);
    QString stem = info.fileName();
    for (const QString &known : {QStringLiteral(".pipeplan.json"), QStringLiteral(".json")}) {
        if (stem.endsWith(known, Qt::CaseInsensitive)) {
            stem.chop(known.size());
            break;
        }
    }
    return info.absoluteDir().filePath(stem + suffix);
}

namespace {
void report(QWidget *parent, const QString &problem)
{
    if (!problem.isEmpty())
        QMessageBox::warning(parent, QObject::tr("Export failed"), problem);
}
} // namespace

void installChartMenu(QWidget *chart, const QString &title, std::function<QPicture(QSize)> record)
{
    chart->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(
        chart, &QWidget::customContextMenuRequested, chart,
        [chart, title, record = std::move(record)](const QPoint &position) {
            QMenu menu(chart);
            const QSize size = chart->size();
            auto exportTo = [&](const QString &suffix, const QString &filter,
                                const std::function<QString(const QString &)> &save) {
                const QString path =
                    QFileDialog::getSaveFileName(chart, QObject::tr("Export %1").arg(title),
                                                 suggestedPath(title, suffix), filter);
                if (!path.isEmpty())
                    report(chart, save(path));
            };
            menu.addAction(QObject::tr("Export as PDF…"), chart, [&]() {
                exportTo(
                    QStringLiteral(".pdf"), QObject::tr("PDF (*.pdf)"),
                    [&](const QString &path) { return savePdf(record(size), size, path, title); });
            });
            menu.addAction(QObject::tr("Export as SVG…"), chart, [&]() {
                exportTo(
                    QStringLiteral(".svg"), QObject::tr("SVG (*.svg)"),
                    [&](const QString &path) { return saveSvg(record(size), size, path, title); });
            });
            for (int scale : {1, 2, 3}) {
                menu.addAction(QObject::tr("Export as PNG (%1x)…").arg(scale), chart, [&, scale]() {
                    exportTo(QStringLiteral(".png"), QObject::tr("PNG (*.png)"),
                             [&](const QString &path) {
                                 return savePng(record(size), size, scale, path);
                             });
                });
            }
            menu.addSeparator();
            menu.addAction(QObject::tr("Copy chart"), chart,
                           [&]() { copyToClipboard(record(size), size, title); });
            menu.exec(chart->mapToGlobal(position));
        });
}

namespace {
/// The object name that marks the menu installTableMenu made, so it can be found again.
const QString kTableMenuName = QStringLiteral("tableMenu");

/// Asks where to write `title` and writes it there; a failure is reported, a cancel is not.
void exportTable(QWidget *parent, const QString &title, const QString &suffix,
                 const QString &filter, const std::function<QString(const QString &)> &save)
{
    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export %1").arg(title),
                                                      suggestedPath(title, suffix), filter);
    if (!path.isEmpty())
        report(parent, save(path));
}
} // namespace

QMenu *tableMenu(QAbstractItemView *view, const QString &title,
                 std::function<std::vector<QStringList>()> rows)
{
    auto *menu = new QMenu(view);
    // The entries are made once and live as long as the view: each asks for the rows when
    // chosen, so it copies what the table shows then.
    const auto table = std::make_shared<std::function<std::vector<QStringList>()>>(std::move(rows));
    menu->addAction(QObject::tr("Export CSV…"), view, [view, title, table]() {
        exportTable(view, title, QStringLiteral(".csv"), QObject::tr("CSV (*.csv)"),
                    [&](const QString &path) { return saveCsv((*table)(), path); });
    });
    menu->addAction(QObject::tr("Export Markdown…"), view, [view, title, table]() {
        exportTable(view, title, QStringLiteral(".md"), QObject::tr("Markdown (*.md)"),
                    [&](const QString &path) { return saveMarkdown((*table)(), path); });
    });
    menu->addAction(QObject::tr("Export HTML…"), view, [view, title, table]() {
        exportTable(view, title, QStringLiteral(".html"), QObject::tr("HTML (*.html *.htm)"),
                    [&](const QString &path) { return saveHtml((*table)(), path, title); });
    });
    menu->addSeparator();
    menu->addAction(QObject::tr("Copy as tab-separated text"), view,
                    [table]() { copyTabSeparated((*table)()); });
    menu->addAction(QObject::tr("Copy as Markdown"), view, [table]() { copyMarkdown((*table)()); });
    menu->addAction(QObject::tr("Copy as HTML"), view, [table]() { copyHtml((*table)()); });
    return menu;
}

QMenu *installedTableMenu(const QAbstractItemView *view)
{
    return view->findChild<QMenu *>(kTableMenuName, Qt::FindDirectChildrenOnly);
}

void installTableMenu(QAbstractItemView *view, const QString &title,
                      std::function<std::vector<QStringList>()> rows)
{
    QMenu *previous = installedTableMenu(view);
    if (previous)
        previous->setObjectName(QString());
    tableMenu(view, title, std::move(rows))->setObjectName(kTableMenuName);
    if (previous) {
        delete previous; // the view already shows the installed menu, now the new one
        return;
    }
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view,
                     [view](const QPoint &position) {
                         if (QMenu *menu = installedTableMenu(view))
                             menu->exec(view->viewport()->mapToGlobal(position));
                     });
}

} // namespace pipeplan::chartexport
