#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QToolButton;

namespace pipeplan {

class ScenarioDocument;

/// The answer in one row: total predictions, runtime at the chosen workers in the best unit,
/// throughput, Amdahl speedup and ceiling, the bottleneck stage. Each number carries the formula
/// that produced it (hover, or "Show how" for all of them at once).
class HeadlineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit HeadlineWidget(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    enum Card
    {
        TotalPredictions,
        Runtime,
        Throughput,
        Speedup,
        Bottleneck,
        CardCount
    };
    /// The value text a card shows (tests compare it with the core's numbers).
    QString valueText(Card card) const;
    QString howText(Card card) const;
    /// The font of the numbers at full size (before fitting a narrow card).
    QFont valueFont() const;
    /// "baseline: 697.85 days (−99.8 %)" under a card while a baseline is pinned; empty otherwise.
    QString baselineText(Card card) const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    /// A new application font (presentation mode) rescales the numbers and the how lines.
    void changeEvent(QEvent *event) override;

private:
    void fitRuntimeCaption();
    void refresh();
    void fitFont(QLabel *label, const QString &text) const;

    QPointer<ScenarioDocument> m_document;
    QLabel *m_values[CardCount];
    QLabel *m_captions[CardCount];
    QLabel *m_how[CardCount];
    QLabel *m_baseline[CardCount];
    QToolButton *m_showHow;
    double m_baseFontSize = 9;
};

} // namespace pipeplan
