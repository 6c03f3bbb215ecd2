#pragma once

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

namespace pipeplan {

/// A list with value semantics whose copies share one buffer until one of them is changed (copy
/// on write): a plan's 10,000 tasks are copied into every undo step and every edited scenario
/// for the price of a pointer, and only an edit of the list copies it.
///
/// Reading never copies: iteration is const, and `const std::vector<T> &` is what it converts
/// to. Changing goes through edit() (or the non-const operator[]), which first takes a buffer of
/// its own when another copy shares it.
template <typename T> class CowList
{
public:
    using value_type = T;
    using size_type = std::size_t;
    using const_iterator = typename std::vector<T>::const_iterator;

    CowList() = default;
    CowList(std::vector<T> items) : m_items(std::make_shared<std::vector<T>>(std::move(items))) {}
    CowList(std::initializer_list<T> items) : CowList(std::vector<T>(items)) {}

    /// The items, read only.
    const std::vector<T> &items() const { return m_items ? *m_items : none(); }
    operator const std::vector<T> &() const { return items(); }

    /// The items to change: a buffer of this list's own first when it is shared.
    std::vector<T> &edit()
    {
        if (!m_items)
            m_items = std::make_shared<std::vector<T>>();
        else if (m_items.use_count() > 1)
            m_items = std::make_shared<std::vector<T>>(*m_items);
        return *m_items;
    }

    size_type size() const { return items().size(); }
    bool empty() const { return items().empty(); }
    const_iterator begin() const { return items().begin(); }
    const_iterator end() const { return items().end(); }
    const T &operator[](size_type i) const { return items()[i]; }
    T &operator[](size_type i) { return edit()[i]; }
    const T &at(size_type i) const { return items().at(i); }
    const T &front() const { return items().front(); }
    const T &back() const { return items().back(); }
    void push_back(T item) { edit().push_back(std::move(item)); }
    void clear() { m_items.reset(); }

    /// Whether this list and `other` are one buffer (then equal without comparing items).
    bool sharesWith(const CowList &other) const { return m_items == other.m_items; }

    friend bool operator==(const CowList &a, const CowList &b)
    {
        return a.sharesWith(b) || a.items() == b.items();
    }

private:
    static const std::vector<T> &none()
    {
        static const std::vector<T> none;
        return none;
    }

    std::shared_ptr<std::vector<T>> m_items;
};

/// The rows at which `after` differs from `before`, in order: none when the two share one
/// buffer (nothing compared), nullopt when their lengths differ (rows were added or removed: a
/// view redraws the whole list). What the document tells a table so it redraws only those rows.
template <typename T>
std::optional<std::vector<int>> changedRows(const CowList<T> &before, const CowList<T> &after)
{
    if (before.sharesWith(after))
        return std::vector<int>{};
    if (before.size() != after.size())
        return std::nullopt;
    std::vector<int> rows;
    for (std::size_t i = 0; i < before.size(); ++i) {
        if (!(before[i] == after[i]))
            rows.push_back(static_cast<int>(i));
    }
    return rows;
}

} // namespace pipeplan
