// The order Spark's pages give executor ids: the driver (any id that is not a number) first,
// numeric ids by value ("2" before "10"), text order otherwise. One function, so the Executors
// table, the stage's task timeline lanes and anything else listing executors agree.
#pragma once

#include <string_view>

namespace afterglow::ui {

// executorspage.js sorts ids by `isNaN(id) ? 0 : id`: names before numbers; ties by text.
bool ExecutorIdLess(std::string_view a, std::string_view b);

}  // namespace afterglow::ui
