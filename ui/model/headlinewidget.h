#pragma once

#include <QPointer>
#include <QWidget>

#include <vector>

class QLabel;

namespace pipeplan::summary {
struct JobAnswer;
}
class QToolButton;

namespace pipeplan {

class WrapLabel;

class ScenarioDocument;

/// The answer in one row, for the workspace in front. The job (Model, Overheads & tail): total
/// predictions, runtime at the chosen workers in the best unit, throughput, Amdahl speedup and
/// ceiling, the bottleneck stage, and the verdict against the deadline when one is set. Training:
/// the selected schedule, its makespan, bubble and peak activations. Project: one sentence and
/// at most four numbers (summary::projectHeadline); the Monte Carlo's P50, P80 and P90 with and
/// without buffers are its Show how. Each number carries the formula that produced it
/// (hover, or "Show how" for all of them at once).
class HeadlineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit HeadlineWidget(QWidget *parent = nullptr);
    /// Opens or closes Show how as its button (Ctrl+H) does.
    void setShowHow(bool on);
    void setDocument(ScenarioDocument *document);

    /// Which answer the row shows: the workspace in front.
    enum class Workspace
    {
        Job,      ///< Model and Overheads & tail
        Training, ///< Training schedules
        Project   ///< Project estimates
    };
    void setWorkspace(Workspace workspace);
    Workspace workspace() const { return m_workspace; }
    /// Presentation mode: captions at full contrast and at least kPresentationCaptionPx tall.
    void setPresentation(bool on);
    static constexpr int kPresentationCaptionPx = 16;
    QFont captionFont() const;

    enum Card
    {
        TotalPredictions,
        Runtime,
        Throughput,
        Speedup,
        Bottleneck,
        Cost, ///< what the runtime bills: workers x runtime x price
        CardCount
    };
    /// The answer: the sentence, and the at most four numbers under it (summary::jobAnswer on
    /// the job's workspaces, summary::projectHeadline on Project estimates). Empty on Training.
    QString answerText() const;
    int answerCount() const;
    QString answerCaption(int index) const;
    QString answerValue(int index) const;
    QString answerExact(int index) const;
    static constexpr int kAnswerSlots = 5; ///< four figures and what binds (a name)

    /// The value text a card shows (tests compare it with the core's numbers). On the job's
    /// workspaces these are Show how's details under the answer.
    QString valueText(Card card) const;
    /// The caption over a card ("Runtime at 10,000 workers", "Makespan", "P90").
    QString captionText(Card card) const;
    /// The deadline's verdict under the cards (explain::deadline), empty when no deadline is set
    /// or another workspace is in front.
    QString verdictText() const;
    /// The runtime over the plan's ranges (P10 / P50 / P90, the chance, the main driver), or
    /// an empty string when no range is set.
    QString spreadText() const;
    QString howText(Card card) const;
    /// The font of the numbers at full size (before fitting a narrow card).
    QFont valueFont() const;
    /// "baseline: 697.85 days (−99.8 %)" under a card while a baseline is pinned; empty otherwise.
    QString baselineText(Card card) const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// A new application font (presentation mode) rescales the numbers and the how lines.
    void changeEvent(QEvent *event) override;

private:
    void fitRuntimeCaption();
    void refresh();
    void refreshJob(const summary::JobAnswer &answer);
    void refreshTraining();
    void refreshProject();
    /// Shows `count` cards with these captions, values and formulas; hides the rest.
    struct CardText
    {
        QString caption;
        QString value;
        QString how;
    };
    void showCards(const std::vector<CardText> &cards);
    void styleCaptions();
    void fitFont(QLabel *label, const QString &text) const;

    void refreshAnswer(const summary::JobAnswer &answer);
    void fitAnswerCaptions();
    void elideCaptions();
    /// Job: the old cards, the verdict and the spread are Show how's details.
    void showDetails(bool on);

    QPointer<ScenarioDocument> m_document;
    WrapLabel *m_answer;
    QWidget *m_answerCards;
    QLabel *m_answerCaptions[kAnswerSlots];
    QLabel *m_answerValues[kAnswerSlots];
    QLabel *m_answerBaseline[kAnswerSlots];
    int m_answerCount = 0;
    WrapLabel *m_compare; ///< the closed form, the ranges' and the simulated P50 side by side
    bool m_hasVerdict = false;
    bool m_hasSpread = false;
    bool m_showHowOnJob = true; ///< where the Show how button sits (row 0: beside the answer)
    QLabel *m_values[CardCount];
    QLabel *m_captions[CardCount];
    QLabel *m_how[CardCount];
    QLabel *m_baseline[CardCount];
    QToolButton *m_showHow;
    WrapLabel *m_verdict;
    /// "Apply 150 workers": the verdict's fewest workers set in one undo step.
    QToolButton *m_applyWorkers;
    WrapLabel *m_spread;
    QString m_costCaption; ///< the Cost card's caption with its hours, when it fits
    Workspace m_workspace = Workspace::Job;
    bool m_presentation = false;
    double m_baseFontSize = 9;
};

} // namespace pipeplan
