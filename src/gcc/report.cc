// Emission of findings through GCC's diagnostics.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <langinfo.h>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "gcc/report.h"
#include "gcc/gcc-includes.h"
#include "gcc/compat.h"
#include "opts.h"
#include "toplev.h"

namespace pathwise::plugin {

namespace {

// GCC's own option for each warning it has one for (GCC 12 has 25 of
// them, GCC 16 over 50: asked of the GCC the plugin runs in), so that
// -Wno-analyzer-NAME, pragmas and [-Wanalyzer-NAME] in the output work as
// they do for -fanalyzer. 0: none.
int option_for(const std::string &warning) {
  const size_t opt = find_opt(("Wanalyzer-" + warning).c_str(), CL_COMMON | CL_WARNING);
  return opt == OPT_SPECIAL_unknown ? 0 : static_cast<int>(opt);
}

} // namespace

bool diagrams_wanted(DiagramChoice choice, Charset &charset) {
  // (GCC expands -fdiagnostics-plain-output into options of its own, among
  // them no caret and no line numbers: both off is that request.)
  const bool plain = compat::source_printing_off();
  bool text = true;
  for (unsigned i = 0; i < save_decoded_options_count; ++i)
    if (save_decoded_options[i].opt_index == OPT_fdiagnostics_format_)
      text = save_decoded_options[i].value == DIAGNOSTICS_OUTPUT_FORMAT_TEXT;
  const char *codeset = nl_langinfo(CODESET);
  charset = codeset && !strcmp(codeset, "UTF-8") ? Charset::Unicode : Charset::Ascii;
  // (Never into JSON output.)
  if (!text)
    return false;
  switch (choice) {
  case DiagramChoice::No: return false;
  case DiagramChoice::Yes: return true;
  case DiagramChoice::Ascii: charset = Charset::Ascii; return true;
  case DiagramChoice::Unicode: charset = Charset::Unicode; return true;
  case DiagramChoice::Auto: break;
  }
  return !plain && isatty(fileno(stderr));
}

// A place a preprocessed file (.i, as distcc compiles it) marks as a
// system header's although it is in the user's own function: there the
// preprocessor flags the text a system macro expanded to ("return NULL;"
// becomes "((void *)0)" on a line of its own, marked as a system
// header's), and no macro map is left to find where the user wrote it.
// The function the finding is in is the user's, and the place is in its
// file.
bool system_macro_in_user_code(location_t at, tree fndecl) {
  if (!fndecl || !DECL_P(fndecl))
    return false;
  const location_t fn_at = DECL_SOURCE_LOCATION(fndecl);
  if (fn_at == UNKNOWN_LOCATION || in_system_header_at(fn_at) || linemap_location_from_macro_expansion_p(line_table, at))
    return false;
  const char *file = LOCATION_FILE(at), *fn_file = LOCATION_FILE(fn_at);
  return file && fn_file && !strcmp(file, fn_file);
}

bool emit_finding(const ir::Module &m, const Finding &f, bool draw, Charset charset) {
  // Like GCC's own warnings, none inside system headers (the C++ library's
  // internals, libc's inline wrappers) unless -Wsystem-headers asks.
  // A system header's macro used in the user's code (va_end, isalpha) is
  // told where the user wrote it, as GCC tells its own.
  auto user_loc = [](uint64_t handle) {
    return expansion_point_location_if_in_system_header(static_cast<location_t>(handle));
  };
  const location_t at = user_loc(f.loc.handle);
  const ir::Function &fn = m.functions.at(f.function);
  tree fndecl = reinterpret_cast<tree>(fn.handle);
  const bool in_system_header = in_system_header_at(at);
  const bool macro_in_user_code = in_system_header && system_macro_in_user_code(at, fndecl);
  if (!f.is_note && in_system_header && !compat::system_header_warnings() && !macro_in_user_code)
    return false;
  compat::Path path;
  for (const PathEvent &e : f.events) {
    const ir::Function &efn = m.functions.at(e.function);
    path.add(std::make_unique<compat::Event>(user_loc(e.loc.handle), reinterpret_cast<tree>(efn.handle), e.depth, e.text,
                                             e.meaning));
  }
  rich_location richloc(line_table, at);
  if (!f.events.empty())
    richloc.set_path(&path);
  // A warning GCC 12 has no option for still shows its name
  // ('[-Wanalyzer-fd-leak]'), in text and JSON alike (pathwise-gcc takes
  // -Wno- for it), after its CWE as later GCCs print them ('... [CWE-775]
  // [-Wanalyzer-fd-leak]'): the CWE is then written into the text (GCC
  // would print it last), and kept in the metadata for JSON.
  const bool own_name = !option_for(f.warning) && f.warning != "introspection";
  compat::metadata meta;
  if (f.cwe)
    meta.add_cwe(f.cwe);
  const compat::Rule rule(meta, own_name ? "" : f.rule.c_str());
  const bool cwe_in_text = own_name && f.cwe && compat::cwe_shown();
  const std::string text = !own_name ? f.message
                           : f.message + (cwe_in_text ? " [CWE-" + std::to_string(f.cwe) + "]" : "") +
                                 (!f.rule.empty() && compat::cwe_shown() ? " [" + f.rule + "]" : "") +
                                 " [-Wanalyzer-" + f.warning + "]";
  const bool cwe_was_shown = compat::cwe_shown(), system_headers = compat::system_header_warnings();
  if (cwe_in_text)
    compat::show_cwe(false); // (printed already, in its place)
  if (macro_in_user_code)
    compat::set_system_header_warnings(true); // (GCC would drop it: it is the user's code)
  auto_diagnostic_group group;
  tree saved = current_function_decl;
  current_function_decl = fndecl; // for "In function 'f':"
  bool shown = false;
  if (f.is_note) {
    inform(&richloc, f.message.c_str());
  } else if (warning_meta(&richloc, meta, option_for(f.warning), text.c_str())) {
    shown = true;
    for (const PathEvent &n : f.notes)
      inform(static_cast<location_t>(n.loc.handle), n.text.c_str());
    // The picture, between blank lines, where GCC's text goes.
    if (draw && f.diagram) {
      const std::string picture = render_text(*f.diagram, charset);
      if (!picture.empty()) {
        fprintf(compat::diagnostic_stream(), "\n%s\n", picture.c_str());
      }
    }
  }
  current_function_decl = saved;
  compat::show_cwe(cwe_was_shown);
  compat::set_system_header_warnings(system_headers);
  return shown;
}

} // namespace pathwise::plugin
