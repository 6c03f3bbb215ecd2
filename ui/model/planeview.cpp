#include "ui/model/planeview.h"

#include "core/plan/explain.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/planechart.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/rowbuttons.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace pipeplan {

namespace {
/// The plane's lines without the first two (the levers, the target and the plan: the tab,
/// the axes and the headline say them), so the chart keeps its height on a shared screen.
QString summaryOf(const whatittakes::Plane &plane)
{
    QStringList lines = explain::planeLines(plane);
    if (plane.active && lines.size() > 2)
        lines = lines.mid(2);
    return lines.join(QLatin1Char('\n'));
}
} // namespace

PlaneView::PlaneView(QWidget *parent)
    : QWidget(parent), m_across(new QComboBox(this)), m_up(new QComboBox(this)),
      m_applyCheapest(new QPushButton(tr("Apply &cheapest"), this)),
      m_applyNearest(new QPushButton(tr("Apply s&mallest move"), this)), m_row(new QHBoxLayout),
      m_summary(new QLabel(this)), m_chart(new PlaneChart(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    QHBoxLayout *row = m_row;
    auto *acrossLabel = new QLabel(tr("&Across:"), this);
    acrossLabel->setBuddy(m_across);
    auto *upLabel = new QLabel(tr("&Up:"), this);
    upLabel->setBuddy(m_up);
    m_across->setAccessibleName(tr("Lever across"));
    m_up->setAccessibleName(tr("Lever up"));
    m_across->setToolTip(tr("The first lever, drawn across (saved with the plan)"));
    m_up->setToolTip(tr("The second lever, drawn up (saved with the plan)"));
    m_applyCheapest->setToolTip(
        tr("Set both levers to the combination that meets the target (the deadline, the budget "
           "or both) at the least cost (workers × runtime × price); one undo step"));
    m_applyNearest->setToolTip(tr("Set both levers to the meeting combination nearest the plan, "
                                  "each measured across the chart; one undo step"));
    // The pickers on one line and the Apply buttons under them: side by side the four asked
    // for 660 px, wider than the answers' column beside Amdahl on a laptop.
    auto *pickers = new QHBoxLayout;
    pickers->addWidget(acrossLabel);
    pickers->addWidget(m_across, 1);
    pickers->addWidget(upLabel);
    pickers->addWidget(m_up, 1);
    layout->addLayout(pickers);
    row->addWidget(m_applyCheapest);
    row->addWidget(m_applyNearest);
    row->addStretch(1);
    layout->addLayout(row);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAccessibleName(tr("Two levers"));
    // Its whole wrapped height, or the chart under it is pushed past the tab's bottom.
    appearance::keepWrappedHeight(m_summary);
    layout->addWidget(m_summary);
    layout->addWidget(m_chart, 1);
    const auto picked = [this]() {
        if (!m_filling)
            pick(m_across->currentData().toString(), m_up->currentData().toString());
    };
    connect(m_across, &QComboBox::activated, this, picked);
    connect(m_up, &QComboBox::activated, this, picked);
    connect(m_applyCheapest, &QPushButton::clicked, this, &PlaneView::applyCheapest);
    connect(m_applyNearest, &QPushButton::clicked, this, &PlaneView::applyNearest);
    refresh();
}

void PlaneView::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &PlaneView::refresh, Section::Model);
}

QString PlaneView::summaryText() const
{
    return m_summary->text();
}

bool PlaneView::pick(const QString &acrossKey, const QString &upKey)
{
    if (!m_document)
        return false;
    std::array<QString, 2> levers = m_document->scenario().goal.levers;
    std::array<QString, 2> next{acrossKey, upKey};
    // The same lever on both axes: the other axis takes the one it replaced.
    if (next[0] == next[1])
        next = {levers[1], levers[0]};
    if (next == levers)
        return false;
    return m_document->editScenario(tr("Two levers"),
                                    [&next](Scenario &s) { s.goal.levers = next; });
}

bool PlaneView::applyCheapest()
{
    return applyPoint(m_plane.cheapest, tr("cheapest"));
}

bool PlaneView::applyNearest()
{
    return applyPoint(m_plane.nearest, tr("smallest move"));
}

bool PlaneView::applyPoint(const std::optional<whatittakes::PlanePoint> &point, const QString &what)
{
    if (!m_document || !m_plane.active || !point)
        return false;
    const QString keyX = m_plane.x.key;
    const QString keyY = m_plane.y.key;
    const double x = point->x;
    const double y = point->y;
    return m_document->editScenario(tr("Apply the %1: %2 and %3")
                                        .arg(what, explain::planeValueText(m_plane.x, x),
                                             explain::planeValueText(m_plane.y, y)),
                                    [&](Scenario &s) {
                                        whatittakes::apply(s, keyX, x);
                                        whatittakes::apply(s, keyY, y);
                                    });
}

void PlaneView::fillBox(QComboBox *box, const QString &key)
{
    const whatittakes::Result &takes = m_document->planResult().whatItTakes;
    QStringList keys;
    for (const whatittakes::Row &row : takes.rows)
        keys << row.key;
    bool same = box->count() == keys.size();
    for (int i = 0; same && i < keys.size(); ++i)
        same = box->itemData(i).toString() == keys[i];
    if (!same) {
        box->clear();
        for (const whatittakes::Row &row : takes.rows)
            box->addItem(row.lever, row.key);
    }
    box->setCurrentIndex(box->findData(key));
}

void PlaneView::refresh()
{
    m_plane = m_document ? m_document->planResult().plane : whatittakes::Plane{};
    m_chart->setPlane(m_plane);
    // The plane answers for the lever table's target: a deadline, a budget or both.
    const bool target = m_document && m_document->planResult().whatItTakes.active;
    m_across->setEnabled(target);
    m_up->setEnabled(target);
    if (m_document) {
        m_filling = true;
        const std::array<QString, 2> &levers = m_document->scenario().goal.levers;
        fillBox(m_across, levers[0]);
        fillBox(m_up, levers[1]);
        m_filling = false;
    }
    // The button of the point the plane leads with comes first, as its sentence does.
    const bool nearestFirst = m_plane.leadsWithNearest;
    if ((m_row->indexOf(m_applyNearest) < m_row->indexOf(m_applyCheapest)) != nearestFirst) {
        const int first = std::min(m_row->indexOf(m_applyNearest), m_row->indexOf(m_applyCheapest));
        m_row->removeWidget(m_applyCheapest);
        m_row->removeWidget(m_applyNearest);
        m_row->insertWidget(first, nearestFirst ? m_applyNearest : m_applyCheapest);
        m_row->insertWidget(first + 1, nearestFirst ? m_applyCheapest : m_applyNearest);
        setTabOrder(m_up, nearestFirst ? m_applyNearest : m_applyCheapest);
        setTabOrder(nearestFirst ? m_applyNearest : m_applyCheapest,
                    nearestFirst ? m_applyCheapest : m_applyNearest);
    }
    m_applyCheapest->setEnabled(m_plane.active && m_plane.cheapest.has_value());
    m_applyNearest->setEnabled(m_plane.active && m_plane.nearest.has_value());
    if (m_plane.cheapest)
        m_applyCheapest->setAccessibleDescription(
            explain::planePointText(m_plane, *m_plane.cheapest));
    if (m_plane.nearest)
        m_applyNearest->setAccessibleDescription(
            explain::planePointText(m_plane, *m_plane.nearest));
    rowbuttons::setText(m_summary, !target ? tr("Set a deadline (Goal: Finish within) or a budget "
                                                "(Goal: Within budget) and this shows which "
                                                "combinations of two levers meet it, the "
                                                "cheapest and the smallest move.")
                                           : summaryOf(m_plane));
    appearance::fitWrappedHeight(m_summary);
}

} // namespace pipeplan
