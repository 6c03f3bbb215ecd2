// pipeplan-pngcheck FILE.png [MIN_COLOURS]: exits 0 when the image is a real rendering, 1 when it
// is blank (one colour covers nearly every pixel, or it has fewer distinct colours than a window
// with text and charts has). CI's smoke check and the screenshot test use it on --screenshot.
#include <QGuiApplication>
#include <QHash>
#include <QImage>

#include <cstdio>
#include <cstdlib>

int main(int argc, char *argv[])
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: pipeplan-pngcheck FILE.png [MIN_COLOURS]\n");
        return 2;
    }
    const int minColours = argc > 2 ? std::atoi(argv[2]) : 64;
    const QImage image(QString::fromLocal8Bit(argv[1]));
    if (image.isNull()) {
        std::fprintf(stderr, "%s: not a readable image\n", argv[1]);
        return 1;
    }
    QHash<QRgb, qint64> counts;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x)
            ++counts[line[x]];
    }
    qint64 commonest = 0;
    for (const qint64 count : std::as_const(counts))
        commonest = std::max(commonest, count);
    const qint64 pixels = qint64(rgb.width()) * rgb.height();
    const double commonestShare = pixels > 0 ? double(commonest) / double(pixels) : 1.0;
    std::printf("%s: %dx%d, %lld colours, the commonest covers %.1f %%\n", argv[1], rgb.width(),
                rgb.height(), static_cast<long long>(counts.size()), 100.0 * commonestShare);
    if (counts.size() < minColours || commonestShare > 0.98) {
        std::fprintf(stderr, "%s: blank (fewer than %d colours or one colour over 98 %%)\n",
                     argv[1], minColours);
        return 1;
    }
    return 0;
}
