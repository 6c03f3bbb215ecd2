#pragma once

#include <QMainWindow>
#include <qcustomplot.h>

class QSplitter;

namespace pipeplan {

class AmdahlChart;
class GanttChart;
class HeadlineWidget;
class InputsPanel;
class ScalingView;
class ScenarioDocument;
class StageChart;
class WaterfallChart;

/// One window, one scenario document: inputs on the left, the answer and every view on the right.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    struct Options
    {
        /// Restore the last values and the layout from QSettings (off in tests and screenshots).
        bool restoreSettings = true;
    };

    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    explicit MainWindow(QWidget *parent = nullptr) : MainWindow(Options{}, parent) {}

    ScenarioDocument *document() const { return m_document; }
    InputsPanel *inputs() const { return m_inputs; }
    HeadlineWidget *headline() const { return m_headline; }
    ScalingView *scaling() const { return m_scaling; }
    AmdahlChart *amdahlChart() const { return m_amdahl; }
    GanttChart *ganttChart() const { return m_gantt; }
    StageChart *stageChart() const { return m_stages; }
    WaterfallChart *waterfallChart() const { return m_waterfall; }

    /// Replots every QCustomPlot chart now (queued replots are otherwise merged into the next
    /// frame); `refresh` says whether the widgets also repaint at once or at the next frame.
    void replotAll(QCustomPlot::RefreshPriority refresh = QCustomPlot::rpImmediateRefresh);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void restoreState();
    void saveState() const;
    void updateTitle();

    Options m_options;
    ScenarioDocument *m_document;
    InputsPanel *m_inputs;
    HeadlineWidget *m_headline;
    ScalingView *m_scaling;
    AmdahlChart *m_amdahl;
    GanttChart *m_gantt;
    StageChart *m_stages;
    WaterfallChart *m_waterfall;
    QSplitter *m_mainSplitter;
    QSplitter *m_viewsSplitter;
    QSplitter *m_topSplitter;
    QSplitter *m_bottomSplitter;
    QSplitter *m_sideSplitter;
};

} // namespace pipeplan
