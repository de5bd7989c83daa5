// Drawing findings, the same on every page that shows them: the overview lists them all (ranked by
// time at stake), the stage, executors and SQL pages those about what they show. Each finding is
// its severity, its time at stake, the core's title, its evidence as links (ui/pages/findings/
// follow_evidence.h), how the time at stake was estimated and the fix. Reads
// state.overview.findings; allocates nothing per frame.
#pragma once

#include "core/api/json_writer.h"
#include "ui/app/app_state.h"
#include "ui/pages/findings/findings_model.h"

namespace afterglow::ui {

// The overview's section: the title with the counts, "Copy digest", every finding.
void DrawFindingsSection(AppState& state);
// A page's own findings under `title` ("Findings about this stage"): nothing when there are none.
void DrawFindingsAbout(AppState& state, const FindingSubject& subject, const char* title);

// "Copy digest": the Markdown of `afterglow findings --digest` (core/share/findings_digest.h) for
// the selected application, to the clipboard.
void CopyDigest(const AppState& state);

// Appends the findings at `which` (every finding when null) to `out` as an array: rule, kind,
// severity, title, target (the route of what it is about), timeAtStakeMs and its basis, fix, and
// the evidence links (kind, text, label, route).
void DescribeFindings(const FindingsModel& model, const std::vector<uint32_t>* which,
                      JsonWriter& out);

}  // namespace afterglow::ui
