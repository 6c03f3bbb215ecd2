#include "tests/support/prometheusfixture.h"

#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTcpServer>
#include <QTcpSocket>

#include <sys/prctl.h>

#include <cmath>
#include <csignal>

namespace pipeplan::testsupport {

namespace {

// The series at `t` seconds after the start, in Prometheus's text format, stamped with the
// moment they were computed: the exporter's own clock, not when a loaded machine got round to
// scraping, so the test knows the true rate of what Prometheus stored. Nothing before the start
// (Prometheus is ready by then): a counter that shows up is a job that began.
QByteArray metricsAt(double t, double atSeconds)
{
    if (t < 0)
        return {};
    const double steady = kRatePerSecond * t;
    const double pause = kRatePerSecond * std::min(t, kPauseAtSeconds);
    const double restart =
        t < kRestartAtSeconds ? kRatePerSecond * t : kRatePerSecond * (t - kRestartAtSeconds);
    const double gauge = 100 + 40 * std::sin(2 * M_PI * t / 2.7);
    // 30 items/s for 4 s, 70 for the next 4, again and again: 50/s on average, a rate that
    // varies from window to window (the forecast's band).
    const double cycle = std::fmod(t, 8);
    const double wobble =
        400 * std::floor(t / 8) + (cycle < 4 ? 30 * cycle : 120 + 70 * (cycle - 4));
    const QString stamp = QString::number(std::llround(atSeconds * 1000));
    return QStringLiteral("# TYPE items_total counter\n"
                          "items_total{case=\"steady\"} %1 %5\n"
                          "items_total{case=\"pause\"} %2 %5\n"
                          "items_total{case=\"restart\"} %3 %5\n"
                          "items_total{case=\"wobble\"} %6 %5\n"
                          "# TYPE level gauge\n"
                          "level{case=\"gauge\"} %4 %5\n")
        .arg(steady, 0, 'f', 3)
        .arg(pause, 0, 'f', 3)
        .arg(restart, 0, 'f', 3)
        .arg(gauge, 0, 'f', 3)
        .arg(stamp)
        .arg(wobble, 0, 'f', 3)
        .toUtf8();
}

int httpStatus(const QUrl &url)
{
    QNetworkAccessManager network;
    QNetworkRequest request(url);
    request.setTransferTimeout(1000);
    QNetworkReply *reply = network.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    delete reply;
    return status;
}

} // namespace

double now()
{
    return static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

void Exporter::run()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0)) {
        m_port.set_value(0);
        return;
    }
    QObject::connect(&server, &QTcpServer::newConnection, &server, [&server, this] {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [socket, this] {
                if (!socket->peek(1 << 16).contains("\r\n\r\n"))
                    return;
                socket->readAll();
                const double at = now();
                double expected = 0;
                m_startSeconds.compare_exchange_strong(expected, at);
                const QByteArray body = metricsAt(at - m_startSeconds, at);
                socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\n"
                              "Connection: close\r\nContent-Length: " +
                              QByteArray::number(body.size()) + "\r\n\r\n" + body);
                socket->disconnectFromHost();
            });
        }
    });
    m_port.set_value(server.serverPort());
    exec();
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

void PrometheusFixture::start()
{
    const QString binary = QStringLiteral("/usr/bin/prometheus");
    if (!QFileInfo(binary).isExecutable()) {
        problem = QStringLiteral("%1 is missing: install the Debian package prometheus "
                                 "(packaging/install-deps.sh test does)")
                      .arg(binary);
        return;
    }
    exporter = std::make_unique<Exporter>();
    exporter->start();
    const quint16 exporterPort = exporter->port();
    const quint16 port = freePort();
    QFile config(dir.filePath(QStringLiteral("prometheus.yml")));
    config.open(QIODevice::WriteOnly);
    config.write(QStringLiteral("global:\n  scrape_interval: 250ms\n  scrape_timeout: 200ms\n"
                                "scrape_configs:\n  - job_name: watch\n"
                                "    static_configs:\n      - targets: ['127.0.0.1:%1']\n")
                     .arg(exporterPort)
                     .toUtf8());
    config.close();
    prometheus.setProgram(binary);
    prometheus.setArguments(
        {QStringLiteral("--config.file=") + config.fileName(),
         QStringLiteral("--storage.tsdb.path=") + dir.filePath(QStringLiteral("data")),
         QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port)});
    prometheus.setProcessChannelMode(QProcess::MergedChannels);
    prometheus.setStandardOutputFile(dir.filePath(QStringLiteral("prometheus.log")));
    prometheus.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    prometheus.start();
    if (!prometheus.waitForStarted(5000)) {
        problem = QStringLiteral("prometheus did not start: ") + prometheus.errorString();
        return;
    }
    url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    bool ready = false;
    for (int i = 0; i < 300 && !ready; ++i) {
        ready = httpStatus(QUrl(url + QStringLiteral("/-/ready"))) == 200;
        if (ready)
            break;
        if (prometheus.state() != QProcess::Running)
            break;
        QThread::msleep(100);
    }
    // Ready, then the first scrape starts the series.
    for (int i = 0; ready && i < 300 && prometheus.state() == QProcess::Running; ++i) {
        if (exporter->startSeconds() > 0) {
            startSeconds = exporter->startSeconds();
            return;
        }
        QThread::msleep(50);
    }
    QFile log(dir.filePath(QStringLiteral("prometheus.log")));
    log.open(QIODevice::ReadOnly);
    problem = QStringLiteral("prometheus was not ready and scraping within 30 s: ") +
              QString::fromUtf8(log.readAll().right(2000));
}

void PrometheusFixture::stop()
{
    if (prometheus.state() != QProcess::NotRunning) {
        prometheus.kill();
        prometheus.waitForFinished(5000);
    }
    if (exporter) {
        exporter->quit();
        exporter->wait();
    }
}

void PrometheusFixture::waitUntil(double t) const
{
    const double left = startSeconds + t - now();
    if (left > 0)
        QThread::msleep(static_cast<unsigned long>(left * 1000));
}

} // namespace pipeplan::testsupport
