// The order Spark's pages give executor ids: the driver (any id that is not a number) first,
// numeric ids by value ("2" before "10"), text order otherwise. One function, so the Executors
// table, the stage's task timeline lanes and anything else listing executors agree; the stage
// page's executor table alone follows its own Spark page's order (StagePageExecutorIdLess).
#pragma once

#include <string_view>

namespace afterglow::ui {

// executorspage.js sorts ids by `isNaN(id) ? 0 : id`: names before numbers; ties by text.
bool ExecutorIdLess(std::string_view a, std::string_view b);

// True when the whole id is a number ("7"); false for "driver", "" or "12a".
bool IsNumericExecutorId(std::string_view id);

// The stage page's "Aggregated Metrics by Executor" order, which is not the executors page's:
// stagepage.js hands the rows to a DataTable ordered by the id column ("order": [[0, "asc"]]),
// and DataTables compares a column as numbers only when every cell is one, else as lower-case
// text ("1" < "10" < "2" < "driver"). `all_ids_numeric`: IsNumericExecutorId of every row's id.
bool StagePageExecutorIdLess(std::string_view a, std::string_view b, bool all_ids_numeric);

}  // namespace afterglow::ui
