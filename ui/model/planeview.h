#pragma once

#include "core/plan/whatittakes.h"

#include <QPointer>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;

namespace pipeplan {

class PlaneChart;
class ScenarioDocument;

/// Two levers together: the person picks two of the plan's levers (kept in the
/// file's goal.levers, one undo step), and core's plane shows which combinations meet the
/// target (the deadline, the budget or both), the cheapest and the smallest move; Apply sets
/// both in one undo step.
class PlaneView : public QWidget
{
    Q_OBJECT
public:
    explicit PlaneView(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    QComboBox *acrossBox() const { return m_across; }
    QComboBox *upBox() const { return m_up; }
    PlaneChart *chart() const { return m_chart; }
    QPushButton *applyCheapestButton() const { return m_applyCheapest; }
    QPushButton *applyNearestButton() const { return m_applyNearest; }
    QString summaryText() const;

    /// Picks the two levers (scenario-file keys) in one undo step; the same key on both axes
    /// swaps them. False when nothing changed.
    bool pick(const QString &acrossKey, const QString &upKey);
    /// Sets both levers to the cheapest (or the nearest) combination that meets the target.
    bool applyCheapest();
    bool applyNearest();

private:
    void refresh();
    bool applyPoint(const std::optional<whatittakes::PlanePoint> &point, const QString &what);
    void fillBox(QComboBox *box, const QString &key);

    QPointer<ScenarioDocument> m_document;
    QComboBox *m_across;
    QComboBox *m_up;
    QPushButton *m_applyCheapest;
    QPushButton *m_applyNearest;
    QHBoxLayout *m_row; ///< the Apply buttons, the lead's button first
    QLabel *m_summary;
    PlaneChart *m_chart;
    whatittakes::Plane m_plane;
    bool m_filling = false;
};

} // namespace pipeplan
