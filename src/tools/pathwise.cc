// pathwise: analyse files or a whole project with the GCC plugin, merge
// what every translation unit found into one SARIF log, and compare it
// with a baseline of accepted findings.
// SPDX-License-Identifier: GPL-3.0-or-later
//
//   pathwise check FILE... [-- GCC ARGS]
//   pathwise scan [-p compile_commands.json] [-j N] [--sarif FILE] [--baseline FILE]
//                 [--fail-on new|any|none] [-- BUILD COMMAND]
//
// Exit status: 0 no finding that --fail-on counts; 1 findings that it
// counts; 2 bad usage or unreadable input; 3 some translation unit failed
// to compile (the others were still analysed and reported).
// Compilers and build commands are run directly (fork and execvp): no
// shell ever sees a file name.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <climits>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "analysis/engine.h"
#include "diagnostics/diagram_json.h"
#include "diagnostics/sarif.h"
#include "spec/spec.h"

#include "tools/common.h"

using nlohmann::json;
using pathwise::AccessDiagram;

namespace {

enum Exit { kOk = 0, kFindings = 1, kUsage = 2, kCompileFailed = 3 };

struct Job {
  std::string directory;
  std::vector<std::string> argv; // the compiler and its arguments, as the build ran them
  std::string file;
  // The build compiled it through distcc: so is the analysis, by
  // pathwise-gcc on the worker (distccd refuses -fplugin=; pathwise-gcc
  // adds its own), its findings coming back on stderr.
  bool distcc = false;
};

using pathwise::tools::gcc_driver;
using pathwise::tools::plugin_path;

// Splits a compile_commands.json "command" the way a POSIX shell splits
// words (quotes and backslashes), without running one.
std::vector<std::string> split_command(const std::string &cmd) {
  std::vector<std::string> out;
  std::string cur;
  bool in_word = false;
  for (size_t i = 0; i < cmd.size(); ++i) {
    const char c = cmd[i];
    if (c == '\\' && i + 1 < cmd.size()) {
      cur += cmd[++i];
      in_word = true;
    } else if (c == '\'' || c == '"') {
      const size_t end = cmd.find(c, i + 1);
      for (size_t k = i + 1; k < (end == std::string::npos ? cmd.size() : end); ++k) {
        if (c == '"' && cmd[k] == '\\' && k + 1 < end && (cmd[k + 1] == '"' || cmd[k + 1] == '\\'))
          ++k;
        cur += cmd[k];
      }
      i = end == std::string::npos ? cmd.size() : end;
      in_word = true;
    } else if (isspace(static_cast<unsigned char>(c))) {
      if (in_word)
        out.push_back(cur);
      cur.clear();
      in_word = false;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word)
    out.push_back(cur);
  return out;
}

// Can a command be run: a path to an executable, or a name found on PATH?
bool runnable(const std::string &command) {
  if (command.find('/') != std::string::npos)
    return access(command.c_str(), X_OK) == 0;
  const char *path = getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (access(((dir.empty() ? "." : dir) + "/" + command).c_str(), X_OK) == 0)
      return true;
  return false;
}

// Makes the folders above an output file and checks that it can be
// written: "" if so, else why not.
std::string prepare_output_file(const std::string &path) {
  std::error_code ec;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) {
    std::filesystem::create_directories(parent, ec);
    if (ec)
      return ec.message();
  }
  const bool existed = access(path.c_str(), F_OK) == 0;
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return strerror(errno);
  close(fd);
  if (!existed)
    unlink(path.c_str()); // (written at the end, when there is something to write)
  return "";
}

// The same for an output folder.
std::string prepare_output_dir(const std::string &dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    return ec.message();
  if (access(dir.c_str(), W_OK) != 0)
    return strerror(errno);
  return "";
}

// Removes a temporary folder and what is in it.
void rmdir_all(const std::string &dir) {
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

// The plugin as the compiles load it: GCC names a plugin after its file
// and takes its arguments as -fplugin-arg-NAME-KEY up to the first '-', so
// a plugin installed under another name (pathwise-0.1.so) is loaded
// through a link named pathwise.so in the temporary folder.
std::string g_plugin;

// Spec files given with --spec (absolute paths: a job runs in its own
// directory), passed to every compile.
std::vector<std::string> g_specs;

// The project's facts store (src/analysis/facts.h) every local compile
// reads and writes ("" = none), and whether this run only fills it.
std::string g_facts;
bool g_facts_only = false;

// The command of a job as pathwise runs it: the same compile, its output
// thrown away (`object`: a file in the temporary folder, or /dev/null),
// with the plugin writing its SARIF log on stderr after the diagnostics
// (sarif=-: the same whether the compile runs here or on a distcc worker).
std::vector<std::string> analysis_command(const Job &j, const std::string &object) {
  std::vector<std::string> out;
  // (distcc preprocesses here and compiles the result there: with
  // -fdirectives-only the macros are expanded there, so that a finding at a
  // system header's macro, "return NULL;", is told where the user wrote it,
  // to the column, as a local compile tells it.)
  if (j.distcc)
    out = {"distcc", "pathwise-gcc", "-fdirectives-only"};
  else
    out = {j.argv.front()};
  for (size_t k = 1; k < j.argv.size(); ++k) {
    if (j.argv[k] == "-o" && k + 1 < j.argv.size()) {
      ++k;
      continue;
    }
    if (j.argv[k].rfind("-o", 0) == 0 && j.argv[k].size() > 2)
      continue;
    if (j.argv[k] == "-MD" || j.argv[k] == "-MMD" || j.argv[k] == "-MF" || j.argv[k] == "-MT" || j.argv[k] == "-MQ") {
      if (j.argv[k] != "-MD" && j.argv[k] != "-MMD")
        ++k; // (dependency files: not ours to write)
      continue;
    }
    out.push_back(j.argv[k]);
  }
  out.push_back("-o");
  out.push_back(j.distcc ? object : "/dev/null"); // (distcc renames its result onto it)
  if (!j.distcc)
    out.push_back("-fplugin=" + g_plugin);
  // (Not on a distcc worker: the store is a folder here.)
  if (!j.distcc && !g_facts.empty()) {
    out.push_back("-fplugin-arg-pathwise-facts=" + g_facts);
    // (A pass that only fills the store throws its code away: at -O0,
    // without debug information, it costs least; the functions lowered
    // are those of the build (lowered before GCC optimizes).)
    if (g_facts_only) {
      out.push_back("-fplugin-arg-pathwise-facts-only");
      out.push_back("-O0");
      out.push_back("-g0");
    }
  }
  out.push_back("-fplugin-arg-pathwise-sarif=-");
  // (A project built with -Werror: findings stay findings, and a unit fails
  // only when the compiler itself fails.)
  out.push_back("-Wno-error");
  for (const std::string &spec : g_specs)
    out.push_back("-fplugin-arg-pathwise-spec=" + spec);
  // (Its output goes to a file, then to our stderr: pictures of
  // out-of-bounds accesses as a terminal would get them, unless the build
  // asks for plain or machine-readable diagnostics.)
  const bool plain = std::any_of(j.argv.begin(), j.argv.end(), [](const std::string &a) {
    return a == "-fdiagnostics-plain-output" || a.rfind("-fdiagnostics-format=", 0) == 0;
  });
  if (!plain && isatty(STDERR_FILENO))
    out.push_back("-fplugin-arg-pathwise-diagrams=yes");
  return out;
}

// The signal (SIGINT, SIGTERM) the command was stopped by, 0 if none.
volatile sig_atomic_t g_signal = 0;

void on_signal(int sig) { g_signal = sig; }

// Stops and waits for the children (each leads its own process group, so
// that its own children, cc1, stop with it) after a signal.
void stop_children(const std::vector<pid_t> &children) {
  for (pid_t p : children)
    kill(-p, g_signal ? g_signal : SIGTERM);
  for (pid_t p : children)
    while (waitpid(p, nullptr, 0) < 0 && errno == EINTR) {
    }
}

// Runs argv in directory (stderr to err_file, stdout too when given), in
// a process group of its own: the child's pid, or -1.
pid_t spawn(const std::vector<std::string> &argv, const std::string &directory, const std::string &err_file) {
  const pid_t pid = fork();
  if (pid != 0) {
    if (pid > 0)
      setpgid(pid, pid); // (also here: a signal may come before the child runs)
    return pid;
  }
  setpgid(0, 0);
  if (!directory.empty() && chdir(directory.c_str()) != 0)
    _exit(126);
  if (!err_file.empty()) {
    const int fd = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
      dup2(fd, 2);
      close(fd);
    }
  }
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  fprintf(stderr, "pathwise: cannot run '%s': %s\n", args[0], strerror(errno));
  _exit(127);
}

std::string read_file(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The terminal's width (stderr's), 80 if it does not say.
size_t terminal_columns() {
  struct winsize ws;
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    return ws.ws_col;
  return 80;
}

// text in at most room characters: its start and end, "..." between
// (on byte boundaries of UTF-8 characters).
std::string middle_cut(const std::string &text, size_t room) {
  if (text.size() <= room)
    return text;
  if (room < 5)
    return "";
  const size_t keep = room - 3;
  size_t head = keep / 2, tail = text.size() - (keep - head);
  while (head > 0 && (static_cast<unsigned char>(text[head]) & 0xC0) == 0x80)
    --head;
  while (tail < text.size() && (static_cast<unsigned char>(text[tail]) & 0xC0) == 0x80)
    ++tail;
  return text.substr(0, head) + "..." + text.substr(tail);
}

// A progress line: rewritten in place on a terminal, plain lines otherwise.
class Progress {
public:
  explicit Progress(size_t total) : m_total(total), m_tty(isatty(2)), m_start(std::chrono::steady_clock::now()) {}
  void done(size_t n, const std::string &what) {
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    const double eta = n ? secs / static_cast<double>(n) * static_cast<double>(m_total - n) : 0;
    if (m_tty) {
      const size_t width = 24, filled = width * n / m_total;
      const std::string bar = std::string(filled, '#') + std::string(width - filled, '.');
      char head[128];
      snprintf(head, sizeof head, "[%s] %zu/%zu %3d%%  eta %3.0fs  ", bar.c_str(), n, m_total,
               static_cast<int>(100 * n / m_total), eta);
      // (One line that fits the terminal: a wrapped one would be left
      // behind by the next update. A long path loses its middle.)
      const size_t columns = terminal_columns();
      const size_t room = columns > strlen(head) + 1 ? columns - strlen(head) - 1 : 0;
      std::string name = what;
      for (char &c : name)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
          c = '?'; // (a newline in a file name would break the line)
      fprintf(stderr, "\r\033[K%s%s", head, middle_cut(name, room).c_str());
    }
    else
      fprintf(stderr, "pathwise: [%zu/%zu] %s\n", n, m_total, what.c_str());
    if (m_tty && n == m_total)
      fprintf(stderr, "\n");
  }

private:
  size_t m_total;
  bool m_tty;
  std::chrono::steady_clock::time_point m_start;
};

struct Outcome {
  std::vector<std::string> logs;        // the units' SARIF logs (their text)
  std::vector<std::string> directories; // ...and the directory each unit was compiled in
  std::vector<std::string> failed;      // files whose compile failed
  std::vector<std::string> no_directory; // "FILE (in DIR)": units whose directory does not exist
  bool interrupted = false;              // a signal stopped the run
};

// What a compile said, reduced to pathwise's findings (with their notes,
// paths and the "In function" lines before them) and the compiler's
// errors: the project's own warnings are not ours to repeat.
std::string findings_only(const std::string &err) {
  static const std::regex diagnostic(R"(^[^ ].*?:([0-9]+:)?([0-9]+:)? ?(warning|error|fatal error|note): )");
  static const std::regex context(R"(^(In file included from |                 from |.*: In (function|member function|constructor|destructor|static member function|lambda function) |.*: At (top|global) level:))");
  std::istringstream in(err);
  std::string out, pending, line;
  bool keep = false, in_context = false;
  while (std::getline(in, line)) {
    std::smatch m;
    const bool is_diagnostic = std::regex_search(line, m, diagnostic);
    if (!is_diagnostic && std::regex_search(line, context)) {
      if (!in_context) // (a new context: the last one's diagnostics are over)
        pending.clear();
      in_context = true;
      keep = false;
      pending += line + "\n";
      continue;
    }
    in_context = false;
    if (is_diagnostic && m[3] != "note") {
      keep = m[3] != "warning" || line.find("[-Wanalyzer-") != std::string::npos ||
             line.find("pathwise: ") != std::string::npos;
      if (keep) {
        out += pending;
        pending.clear();
      }
    }
    if (keep)
      out += line + "\n";
  }
  return out;
}

// Runs the jobs, at most `parallel` at a time; what each one's compiler
// said is shown as it finishes (pathwise's findings and the compiler's
// errors only, unless show_all; a unit compiled twice alike, as libtool
// does for PIC and non-PIC objects, once; nothing if quiet).
Outcome run_jobs(const std::vector<Job> &jobs, size_t parallel, const std::string &tmp, bool show_all,
                 bool quiet = false) {
  std::set<std::string> shown;
  Outcome out;
  Progress progress(jobs.size());
  std::map<pid_t, size_t> running;
  size_t next = 0, finished = 0;
  auto interrupted = [&]() {
    std::vector<pid_t> children;
    for (const auto &r : running)
      children.push_back(r.first);
    stop_children(children);
    out.interrupted = true;
    return out;
  };
  while (finished < jobs.size()) {
    if (g_signal)
      return interrupted();
    while (running.size() < std::max<size_t>(parallel, 1) && next < jobs.size()) {
      const std::string base = tmp + "/" + std::to_string(next);
      struct stat st;
      if (!jobs[next].directory.empty() &&
          (stat(jobs[next].directory.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))) {
        // (Not a compile that failed: there is nowhere to run it.)
        out.no_directory.push_back(jobs[next].file + " (in " + jobs[next].directory + ")");
        ++finished;
        ++next;
        continue;
      }
      const pid_t pid = spawn(analysis_command(jobs[next], base + ".o"), jobs[next].directory, base + ".err");
      if (pid < 0) {
        out.failed.push_back(jobs[next].file);
        ++finished;
      } else {
        running[pid] = next;
      }
      ++next;
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR)
      continue; // (a signal: seen at the top of the loop)
    if (pid < 0)
      break;
    auto it = running.find(pid);
    if (it == running.end())
      continue;
    const size_t k = it->second;
    running.erase(it);
    const std::string base = tmp + "/" + std::to_string(k);
    std::string said = read_file(base + ".err"), log;
    unlink((base + ".o").c_str());
    const bool logged = pathwise::take_sarif_log(said, log);
    const std::string err = show_all ? said : findings_only(said);
    if (!quiet && !err.empty() && shown.insert(jobs[k].file + "\n" + err).second) {
      if (isatty(2))
        fputs("\r\033[K", stderr); // (over the progress bar)
      fputs(err.c_str(), stderr);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      out.failed.push_back(jobs[k].file);
    if (logged) {
      out.logs.push_back(std::move(log));
      out.directories.push_back(jobs[k].directory);
    }
    progress.done(++finished, jobs[k].file);
  }
  return out;
}

std::string result_key(const json &r) {
  const json &pl = r["locations"][0]["physicalLocation"];
  return r.value("ruleId", "") + "|" + pl["artifactLocation"].value("uri", "") + "|" +
         std::to_string(pl.contains("region") ? pl["region"].value("startLine", 0) : 0) + "|" +
         std::to_string(pl.contains("region") ? pl["region"].value("startColumn", 0) : 0) + "|" +
         r["message"].value("text", "");
}

std::string fingerprint_of(const json &r) {
  if (r.contains("partialFingerprints"))
    for (auto it = r["partialFingerprints"].begin(); it != r["partialFingerprints"].end(); ++it)
      return it.value().get<std::string>();
  return "";
}

// The fingerprints of a baseline SARIF log's results; false (and why)
// for a log of the wrong shape.
bool read_baseline(const std::string &path, std::set<std::string> &accepted, std::string &why) {
  const json base = json::parse(read_file(path), nullptr, false);
  if (base.is_discarded() || !base.is_object()) {
    why = "not JSON, or not an object";
    return false;
  }
  if (!base.contains("runs") || !base["runs"].is_array()) {
    why = "'runs' is not a list";
    return false;
  }
  for (size_t k = 0; k < base["runs"].size(); ++k) {
    const json &run = base["runs"][k];
    const std::string where = "runs[" + std::to_string(k) + "]";
    if (!run.is_object()) {
      why = where + " is not an object";
      return false;
    }
    if (!run.contains("results"))
      continue;
    if (!run["results"].is_array()) {
      why = where + ".results is not a list";
      return false;
    }
    for (size_t i = 0; i < run["results"].size(); ++i) {
      const json &r = run["results"][i];
      const std::string at = where + ".results[" + std::to_string(i) + "]";
      if (!r.is_object()) {
        why = at + " is not an object";
        return false;
      }
      if (r.contains("partialFingerprints")) {
        if (!r["partialFingerprints"].is_object()) {
          why = at + ".partialFingerprints is not an object";
          return false;
        }
        for (const auto &f : r["partialFingerprints"].items())
          if (!f.value().is_string()) {
            why = at + ".partialFingerprints." + f.key() + " is not a string";
            return false;
          }
      }
      accepted.insert(fingerprint_of(r));
    }
  }
  return true;
}

// One log of every translation unit's: rules and taxa once, results once
// each (a header's problem seen from ten files is one finding).
// A file name relative to the directory a unit was compiled in, made
// absolute (file://), so that logs of several directories agree.
void absolute_uris(json &node, const std::string &directory) {
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (it.key() == "uri" && it.value().is_string()) {
        const std::string uri = it.value().get<std::string>();
        if (!directory.empty() && uri.rfind("file://", 0) != 0 && !uri.empty())
          it.value() = "file://" + pathwise::uri_escape(directory) + "/" + uri;
      } else {
        absolute_uris(it.value(), directory);
      }
    }
  } else if (node.is_array()) {
    for (json &e : node)
      absolute_uris(e, directory);
  }
}

json merge_logs(const std::vector<std::string> &logs, const std::vector<std::string> &directories) {
  json merged;
  std::set<std::string> seen, artifacts, taxa_seen;
  json results = json::array(), artifact_list = json::array(), taxa = json::array();
  for (size_t li = 0; li < logs.size(); ++li) {
    json log = json::parse(logs[li], nullptr, false);
    if (log.is_discarded() || !log.contains("runs") || log["runs"].empty())
      continue;
    json &run = log["runs"][0];
    if (li < directories.size()) {
      absolute_uris(run["results"], directories[li]);
      absolute_uris(run["artifacts"], directories[li]);
    }
    if (merged.is_null())
      merged = log;
    for (const json &t : run["taxonomies"][0]["taxa"])
      if (taxa_seen.insert(t.value("id", "")).second)
        taxa.push_back(t);
    for (const json &a : run["artifacts"])
      if (artifacts.insert(a["location"].value("uri", "")).second)
        artifact_list.push_back(a);
    for (const json &r : run["results"])
      if (seen.insert(result_key(r)).second)
        results.push_back(r);
  }
  if (merged.is_null())
    return merged;
  json &run = merged["runs"][0];
  run["results"] = results;
  run["artifacts"] = artifact_list;
  run["taxonomies"][0]["taxa"] = taxa;
  return merged;
}

// The folder every file:// URI of the log lies under (the project's
// root, as far as the findings show it), with its trailing '/'; "" if
// none.
std::string common_root(const json &log) {
  std::vector<std::string> root;
  bool first = true;
  for (const json &a : log["runs"][0]["artifacts"]) {
    const std::string uri = a["location"].value("uri", "");
    if (uri.rfind("file:///", 0) != 0)
      return "";
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(uri.substr(8));
    while (std::getline(in, part, '/'))
      parts.push_back(part);
    parts.pop_back(); // (the file's own name)
    if (first) {
      root = parts;
      first = false;
    } else {
      size_t k = 0;
      while (k < root.size() && k < parts.size() && root[k] == parts[k])
        ++k;
      root.resize(k);
    }
  }
  if (first)
    return "";
  std::string out = "file:///";
  for (const std::string &p : root)
    out += p + "/";
  return out;
}

// URIs under root become relative to %SRCROOT% (originalUriBaseIds), as
// GitHub code scanning expects of a log.
void relative_uris(json &node, const std::string &root) {
  if (node.is_object()) {
    if (node.contains("uri") && node["uri"].is_string()) {
      const std::string uri = node["uri"].get<std::string>();
      if (uri.size() > root.size() && uri.compare(0, root.size(), root) == 0) {
        node["uri"] = uri.substr(root.size());
        node["uriBaseId"] = "%SRCROOT%";
      }
    }
    for (auto it = node.begin(); it != node.end(); ++it)
      if (it.key() != "originalUriBaseIds")
        relative_uris(it.value(), root);
  } else if (node.is_array()) {
    for (json &e : node)
      relative_uris(e, root);
  }
}

json with_relative_uris(json log) {
  if (log.is_null())
    return log;
  const std::string root = common_root(log);
  if (root.empty())
    return log;
  json &run = log["runs"][0];
  relative_uris(run["results"], root);
  relative_uris(run["artifacts"], root);
  run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", root}}}};
  return log;
}

// --- HTML report ---

std::string html_escape(const std::string &text) { return pathwise::markup_escape(text); }

// The file a URI names (file:// and %-escapes undone).
std::string path_of_uri(std::string uri) {
  if (uri.rfind("file://", 0) == 0)
    uri = uri.substr(7);
  std::string out;
  auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) && hex(uri[i + 2])) {
      out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

struct Place {
  std::string file;
  int line = 0, col = 0;
};

Place place_of(const json &physical) {
  Place p;
  if (physical.contains("artifactLocation"))
    p.file = path_of_uri(physical["artifactLocation"].value("uri", ""));
  if (physical.contains("region")) {
    p.line = physical["region"].value("startLine", 0);
    p.col = physical["region"].value("startColumn", 0);
  }
  return p;
}

std::vector<std::string> lines_of(const std::string &file) {
  std::vector<std::string> out;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line))
    out.push_back(line);
  return out;
}

const char *kStyle = R"(body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;width:100%}th,td{padding:.3em .6em;border-bottom:1px solid #ddd;text-align:left}
th{cursor:pointer;background:#f3f3f3;user-select:none}tr.finding:hover{background:#fafaf0}
.filters{margin:.8em 0}.filters label{margin-right:1.2em}
pre.src{background:#fbfbfb;border:1px solid #ddd;padding:.5em 0;overflow-x:auto;line-height:1.35}
.ln{display:inline-block;width:4.5em;color:#999;text-align:right;padding-right:1em}
.hit{background:#ffe9e6}.event{margin:.15em 0 .35em 5.5em;padding:.15em .5em;border-left:3px solid #3a7bd5;
background:#eef4ff;font-family:system-ui,sans-serif;white-space:normal}.event.last{border-color:#d53a3a;background:#fdeeee}
.num{font-weight:bold;margin-right:.4em}h2{margin-bottom:.2em}.meta{color:#555}
ol.path{list-style:none;padding-left:0}.step{margin:.2em 0}.step a{text-decoration:none}.at{color:#777;font-size:.9em}
.gap{color:#999}
.caret{color:#d53a3a;font-weight:bold}.caret .num{margin-left:.3em;font-size:.85em}
)";

// One page per finding (the source with the path's events at their lines)
// and an index of all of them that sorts and filters by warning, CWE and
// file.
bool write_html(const json &log, const std::string &dir) {
  mkdir(dir.c_str(), 0755);
  std::map<std::string, int> cwe_of_rule;
  const json &run = log["runs"][0];
  for (const json &r : run["tool"]["driver"]["rules"])
    if (r.contains("relationships"))
      cwe_of_rule[r.value("id", "")] = std::stoi(r["relationships"][0]["target"].value("id", "0"));
  std::string rows;
  std::set<std::string> rules, files;
  std::set<int> cwes;
  // (Files are shown relative to the project's root: the folder they all
  // share.)
  const std::string root = path_of_uri(common_root(log));
  auto relative = [&](const std::string &file) {
    return !root.empty() && file.size() > root.size() && file.compare(0, root.size(), root) == 0
               ? file.substr(root.size())
               : file;
  };
  size_t k = 0;
  for (const json &r : run["results"]) {
    ++k;
    const std::string rule = r.value("ruleId", "");
    const Place at = place_of(r["locations"][0]["physicalLocation"]);
    const std::string message = r["message"].value("text", "");
    std::string function;
    if (r["locations"][0].contains("logicalLocations"))
      function = r["locations"][0]["logicalLocations"][0].value("name", "");
    const int cwe = cwe_of_rule.count(rule) ? cwe_of_rule[rule] : 0;
    rules.insert(rule);
    files.insert(relative(at.file));
    if (cwe)
      cwes.insert(cwe);
    const std::string page = "finding-" + std::to_string(k) + ".html";
    rows += "<tr class=\"finding\" data-rule=\"" + html_escape(rule) + "\" data-cwe=\"" + std::to_string(cwe) +
            "\" data-file=\"" + html_escape(relative(at.file)) + "\"><td>" + std::to_string(k) + "</td><td>" +
            html_escape(rule) + "</td><td>" + (cwe ? "CWE-" + std::to_string(cwe) : "") + "</td><td>" +
            html_escape(relative(at.file)) + "</td><td>" +
            std::to_string(at.line) + "</td><td>" + html_escape(function) + "</td><td><a href=\"" + page + "\">" +
            html_escape(message) + "</a></td><td>" + html_escape(r.value("baselineState", "")) + "</td></tr>\n";
    // The finding's page: each file the path visits, its lines around the
    // events, the events under their lines.
    std::vector<std::pair<Place, std::pair<std::string, int>>> events; // place, (text, nesting)
    if (r.contains("codeFlows"))
      for (const json &step : r["codeFlows"][0]["threadFlows"][0]["locations"]) {
        Place p = step["location"].contains("physicalLocation") ? place_of(step["location"]["physicalLocation"])
                                                                : Place{};
        events.push_back({p, {step["location"]["message"].value("text", ""), step.value("nestingLevel", 0)}});
      }
    if (events.empty())
      events.push_back({at, {message, 0}});
    std::string body;
    std::vector<std::string> order; // files in the order the path visits them
    for (const auto &e : events)
      if (!e.first.file.empty() && std::find(order.begin(), order.end(), e.first.file) == order.end())
        order.push_back(e.first.file);
    // The path first, in its order: each event links to its place below;
    // a call's events are indented under it.
    body += "<h3>Path</h3><ol class=\"path\" id=\"path\">";
    for (size_t n = 0; n < events.size(); ++n)
      body += "<li class=\"step\" style=\"margin-left:" + std::to_string(2 * events[n].second.second) +
              "em\"><a href=\"#event-" + std::to_string(n + 1) + "\">(" + std::to_string(n + 1) + ") " +
              html_escape(events[n].second.first) + "</a> <span class=\"at\">" +
              html_escape(relative(events[n].first.file)) + ":" + std::to_string(events[n].first.line) +
              "</span></li>";
    body += "</ol>";
    for (const std::string &file : order) {
      const std::vector<std::string> src = lines_of(file);
      // The source around the events only (not everything between them):
      // 3 lines either side, ranges that meet joined.
      std::vector<int> wanted;
      for (const auto &e : events)
        if (e.first.file == file && e.first.line)
          wanted.push_back(e.first.line);
      if (file == at.file && at.line)
        wanted.push_back(at.line);
      std::sort(wanted.begin(), wanted.end());
      std::vector<std::pair<int, int>> ranges;
      for (int w : wanted) {
        const int lo = std::max(1, w - 3), hi = std::min(static_cast<int>(src.size()), w + 3);
        if (!ranges.empty() && lo <= ranges.back().second + 1)
          ranges.back().second = std::max(ranges.back().second, hi);
        else
          ranges.push_back({lo, hi});
      }
      body += "<h3>" + html_escape(relative(file)) + "</h3><pre class=\"src\">";
      for (size_t ri = 0; ri < ranges.size(); ++ri) {
        if (ri)
          body += "<div class=\"gap\"><span class=\"ln\">\u22ee</span></div>";
        for (int line = ranges[ri].first; line <= ranges[ri].second; ++line) {
          const bool hit = file == at.file && line == at.line;
          body += std::string("<div") + (hit ? " class=\"hit\"" : "") + "><span class=\"ln\">" +
                  std::to_string(line) + "</span>" +
                  html_escape(line - 1 < static_cast<int>(src.size()) ? src[line - 1] : "") + "</div>";
          for (size_t n = 0; n < events.size(); ++n)
            if (events[n].first.file == file && events[n].first.line == line) {
              // A caret under the event's column (tabs kept, so it lines up).
              const int col = events[n].first.col;
              if (col > 0 && line - 1 < static_cast<int>(src.size())) {
                std::string pad;
                const std::string &text = src[line - 1];
                for (int c = 0; c < col - 1 && c < static_cast<int>(text.size()); ++c)
                  pad += text[c] == '\t' ? '\t' : ' ';
                body += "<div class=\"caret\"><span class=\"ln\"></span>" + pad + "^<span class=\"num\">(" +
                        std::to_string(n + 1) + ")</span></div>";
              }
              body += "<div class=\"event" + std::string(n + 1 == events.size() ? " last" : "") + "\" id=\"event-" +
                      std::to_string(n + 1) + "\" style=\"margin-left:" +
                      std::to_string(5.5 + 2 * events[n].second.second) + "em\"><span class=\"num\">(" +
                      std::to_string(n + 1) + ")</span>" + html_escape(events[n].second.first) + "</div>";
            }
        }
      }
      body += "</pre>";
    }
    // An out-of-bounds access: its picture, under the path.
    AccessDiagram picture;
    if (r.contains("properties") && r["properties"].is_object() && r["properties"].contains(pathwise::kDiagramProperty) &&
        pathwise::diagram_from_json(r["properties"][pathwise::kDiagramProperty], picture))
      body += "<h3>The access</h3><figure id=\"diagram\">" + pathwise::render_svg(picture) + "</figure>";
    std::ofstream out(dir + "/" + page);
    out << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>" << html_escape(message)
        << "</title><style>" << kStyle << "</style></head><body><p><a href=\"index.html\">&larr; all findings</a></p><h2 id=\"message\">"
        << html_escape(message) << "</h2><p class=\"meta\"><span id=\"rule\">" << html_escape(rule) << "</span>"
        << (cwe ? " &middot; <a href=\"https://cwe.mitre.org/data/definitions/" + std::to_string(cwe) + ".html\">CWE-" +
                      std::to_string(cwe) + "</a>"
                : "")
        << " &middot; " << html_escape(relative(at.file)) << ":" << at.line << (function.empty() ? "" : " in " + html_escape(function))
        << "</p>" << body << "</body></html>\n";
    if (!out)
      return false;
  }
  auto options = [](const auto &values, auto label) {
    std::string o = "<option value=\"\">all</option>";
    for (const auto &v : values)
      o += "<option value=\"" + html_escape(label(v).first) + "\">" + html_escape(label(v).second) + "</option>";
    return o;
  };
  std::ofstream index(dir + "/index.html");
  index << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>pathwise findings</title><style>" << kStyle
        << "</style></head><body><h2>pathwise: <span id=\"count\">" << k << "</span> findings</h2><div class=\"filters\">"
        << "<label>warning <select id=\"f-rule\">"
        << options(rules, [](const std::string &v) { return std::make_pair(v, v); }) << "</select></label>"
        << "<label>CWE <select id=\"f-cwe\">"
        << options(cwes, [](int v) { return std::make_pair(std::to_string(v), "CWE-" + std::to_string(v)); })
        << "</select></label><label>file <input id=\"f-file\" placeholder=\"part of a file name\"></label></div>"
        << "<table id=\"findings\"><thead><tr><th>#</th><th>warning</th><th>CWE</th><th>file</th><th data-numeric>line</th>"
        << "<th>function</th><th>message</th><th>baseline</th></tr></thead><tbody>\n"
        << rows << "</tbody></table><script>\n"
        << R"(const rows = Array.from(document.querySelectorAll('#findings tbody tr'));
function apply() {
  const rule = document.getElementById('f-rule').value, cwe = document.getElementById('f-cwe').value;
  const file = document.getElementById('f-file').value.toLowerCase();
  let shown = 0;
  for (const r of rows) {
    const ok = (!rule || r.dataset.rule === rule) && (!cwe || r.dataset.cwe === cwe) &&
               (!file || r.dataset.file.toLowerCase().includes(file));
    r.style.display = ok ? '' : 'none';
    shown += ok ? 1 : 0;
  }
  document.getElementById('count').textContent = shown;
}
for (const id of ['f-rule', 'f-cwe', 'f-file']) document.getElementById(id).addEventListener('input', apply);
document.querySelectorAll('#findings th').forEach((th, col) => {
  let up = true;
  th.addEventListener('click', () => {
    const numeric = th.hasAttribute('data-numeric') || col === 0;
    const key = r => r.children[col].textContent;
    rows.sort((a, b) => (numeric ? key(a) - key(b) : key(a).localeCompare(key(b))) * (up ? 1 : -1));
    up = !up;
    const body = document.querySelector('#findings tbody');
    for (const r of rows) body.appendChild(r);
  });
});
)" << "</script></body></html>\n";
  return static_cast<bool>(index);
}

bool one_of_launchers(const std::string &name) {
  return name == "ccache" || name == "distcc" || name == "icecc" || name == "sccache" || name == "buildcache";
}

// Units the build compiled through distcc are analysed through it when
// this machine has distcc and a pathwise-gcc beside this program (put
// first in $PATH: distcc runs it here to preprocess, and sends its bare
// name to the worker, whose own pathwise-gcc loads the worker's plugin);
// else here, as any unit.
// False if some unit was to be and cannot be.
bool use_distcc(std::vector<Job> &jobs) {
  if (std::none_of(jobs.begin(), jobs.end(), [](const Job &j) { return j.distcc; }))
    return true;
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string dir = n > 0 ? std::string(self, static_cast<size_t>(n)) : "";
  dir = dir.substr(0, dir.find_last_of('/') + 1);
  const bool ready = runnable("distcc") && !dir.empty() && access((dir + "pathwise-gcc").c_str(), X_OK) == 0;
  if (ready) {
    const char *path = getenv("PATH");
    setenv("PATH", (dir + ":" + (path ? path : "")).c_str(), 1);
  }
  for (Job &j : jobs)
    j.distcc = j.distcc && ready;
  return ready;
}

std::vector<Job> jobs_from_database(const std::string &path, std::string &error) {
  std::vector<Job> jobs;
  json db = json::parse(read_file(path), nullptr, false);
  if (db.is_discarded() || !db.is_array()) {
    error = "'" + path + "' is not a compile_commands.json (a JSON array of compile commands)";
    return jobs;
  }
  for (size_t index = 0; index < db.size(); ++index) {
    const json &e = db[index];
    // (Well-formed JSON of the wrong shape: one line naming the entry and
    // the field, never an abort.)
    auto wrong = [&](const std::string &what) {
      error = "'" + path + "': entry " + std::to_string(index) + ": " + what;
      jobs.clear();
      return jobs;
    };
    if (!e.is_object())
      return wrong("not an object (a compile command is {\"directory\", \"file\", \"command\" or \"arguments\"})");
    for (const char *key : {"directory", "file", "command", "output"})
      if (e.contains(key) && !e[key].is_string())
        return wrong(std::string("'") + key + "' is not a string");
    if (e.contains("arguments")) {
      if (!e["arguments"].is_array())
        return wrong("'arguments' is not a list of strings");
      for (const json &a : e["arguments"])
        if (!a.is_string())
          return wrong("'arguments' is not a list of strings");
    }
    if (!e.contains("command") && !e.contains("arguments"))
      return wrong("has neither 'command' nor 'arguments'");
    Job j;
    j.directory = e.value("directory", "");
    j.file = e.value("file", "");
    if (e.contains("arguments"))
      for (const json &a : e["arguments"])
        j.argv.push_back(a.get<std::string>());
    else
      j.argv = split_command(e.value("command", ""));
    if (j.argv.empty() || j.file.empty())
      continue;
    // Only C and C++ compiles, with the GCC pathwise plugs into.
    if (std::find(j.argv.begin(), j.argv.end(), "-c") == j.argv.end())
      continue;
    // A compiler launcher ("ccache gcc ...", distcc, icecc) runs the
    // compiler after it: that one is analysed. (A wrapper by path,
    // /usr/lib/ccache/gcc, is replaced as any compiler is.)
    auto base_name = [](const std::string &p) { return p.substr(p.find_last_of('/') + 1); };
    // (distcc's, by name or as its masquerading link /usr/lib/distcc/gcc,
    // is kept: see Job::distcc.)
    const std::string dir = j.argv[0].substr(0, j.argv[0].find_last_of('/') + 1);
    j.distcc = base_name(j.argv[0]) == "distcc" || (dir.size() > 8 && dir.compare(dir.size() - 8, 8, "/distcc/") == 0);
    while (j.argv.size() > 1 && one_of_launchers(base_name(j.argv[0])))
      j.argv.erase(j.argv.begin());
    j.argv[0] = base_name(j.argv[0]).find("++") != std::string::npos ? "g++" : gcc_driver();
    jobs.push_back(std::move(j));
  }
  return jobs;
}

} // namespace

namespace {

// Every warning: name, CWE (or the rule it enforces), on or off by
// default, and its message in general terms.
void list_warnings() {
  // (The shipped specs' warnings too, and those of the specs given.)
  std::vector<std::shared_ptr<const pathwise::spec::Spec>> specs;
  std::vector<std::string> files = g_specs;
  for (const std::string &f : pathwise::spec::shipped_specs(PATHWISE_SPECS_INSTALLED, PATHWISE_SPECS_SOURCE))
    files.push_back(f);
  for (const std::string &f : files) {
    try {
      specs.push_back(std::make_shared<const pathwise::spec::Spec>(pathwise::spec::load_spec(f)));
    } catch (const pathwise::spec::SpecError &e) {
      fprintf(stderr, "pathwise: %s\n", e.message.c_str());
    }
  }
  std::vector<pathwise::RuleInfo> rules = pathwise::Engine::warning_rules(specs);
  pathwise::RuleInfo complex{"too-complex", 0, "", "analysis of 'f' stopped early: REASON", false, ""};
  rules.insert(std::lower_bound(rules.begin(), rules.end(), complex,
                                [](const auto &a, const auto &b) { return a.name < b.name; }),
               complex);
  printf("%-36s %-8s %-4s %s\n", "WARNING", "CWE", "ON", "MESSAGE");
  for (const pathwise::RuleInfo &r : rules)
    printf("%-36s %-8s %-4s %s\n", r.name.c_str(),
           (r.cwe ? "CWE-" + std::to_string(r.cwe) : !r.rule.empty() ? r.rule : std::string("-")).c_str(),
           r.on ? "on" : "off", r.description.c_str());
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"pathwise: path-sensitive static analysis of C and C++ with GCC"};
  app.require_subcommand(0, 1);
  bool list = false;
  app.add_flag("--list-warnings", list, "list every warning: name, CWE, on or off by default, message");
  app.set_version_flag("--version", std::string("pathwise ") + PATHWISE_VERSION);
  std::vector<std::string> files, gcc_args, build;
  std::string database, sarif, html, baseline, fail_on = "new";
  size_t parallel = 1;
  bool show_compiler_output = false;

  CLI::App *check = app.add_subcommand("check", "analyse source files: pathwise check FILE... [-- GCC ARGS]");
  check->add_option("files", files, "C or C++ files")->check(CLI::ExistingFile);
  check->add_option("--sarif", sarif, "write the findings' SARIF log here");
  check->add_option("--html", html, "write an HTML report into this directory");
  check->add_option("--baseline", baseline, "a SARIF log of accepted findings")->check(CLI::ExistingFile);
  check->add_option("--fail-on", fail_on, "findings that make the exit status 1: new, any, none")
      ->check(CLI::IsMember({"new", "any", "none"}));
  check->add_option("--spec", g_specs, "a checker spec (TOML) to use too; repeatable")->check(CLI::ExistingFile);
  check->add_flag("--show-compiler-output", show_compiler_output,
                  "show everything the compiler said, not only pathwise's findings and compile errors");

  CLI::App *scan = app.add_subcommand("scan", "analyse a project from its compile_commands.json, or record its build");
  scan->add_option("-p,--compile-commands", database, "the compilation database (default: ./compile_commands.json)");
  scan->add_option("-j,--jobs", parallel, "translation units analysed at once")->check(CLI::Range(1, 256));
  scan->add_option("--sarif", sarif, "write the merged SARIF log here");
  scan->add_option("--html", html, "write an HTML report (index.html and a page per finding) into this directory");
  scan->add_option("--baseline", baseline, "a SARIF log of accepted findings (an earlier scan's)")
      ->check(CLI::ExistingFile);
  scan->add_option("--fail-on", fail_on, "findings that make the exit status 1: new (not in the baseline), any, none")
      ->check(CLI::IsMember({"new", "any", "none"}));
  scan->add_option("--spec", g_specs, "a checker spec (TOML) to use too; repeatable")->check(CLI::ExistingFile);
  bool distcc = false;
  scan->add_flag("--distcc", distcc,
                 "analyse every unit through distcc ($DISTCC_HOSTS; each worker needs pathwise-gcc: see README)");
  scan->add_flag("--show-compiler-output", show_compiler_output,
                 "show everything the compiler said, not only pathwise's findings and compile errors");
  std::string facts;
  bool no_facts = false;
  scan->add_option("--facts", facts,
                   "the project's facts store: what each unit proved of the functions it defines, read by the "
                   "others (default: .pathwise-facts beside the compilation database; filled first when empty)");
  scan->add_flag("--no-facts", no_facts, "analyse each unit on its own, without a facts store");

  // What follows "--" (GCC's arguments, or the build command) is not ours
  // to parse.
  std::vector<std::string> rest;
  int ours = argc;
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], "--")) {
      ours = i;
      rest.assign(argv + i + 1, argv + argc);
      break;
    }
  try {
    app.parse(ours, argv);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? kOk : kUsage;
  }
  if (list) {
    list_warnings();
    return kOk;
  }
  if (!*check && !*scan) {
    fprintf(stderr, "pathwise: give a subcommand (check, scan) or --list-warnings; see --help\n");
    return kUsage;
  }
  if (*check && files.empty()) {
    fprintf(stderr, "pathwise: check needs the C or C++ files to analyse: pathwise check FILE... [-- GCC ARGS]\n");
    return kUsage;
  }
  // A spec is read before anything runs: a mistake in it is one line.
  for (std::string &spec : g_specs) {
    try {
      pathwise::spec::load_spec(spec);
    } catch (const pathwise::spec::SpecError &e) {
      fprintf(stderr, "pathwise: %s\n", e.message.c_str());
      return kUsage;
    }
    char full[PATH_MAX];
    if (realpath(spec.c_str(), full))
      spec = full;
  }

  // The baseline is read before anything runs: a log of the wrong shape
  // is an error, not an empty baseline.
  std::set<std::string> accepted;
  if (!baseline.empty()) {
    std::string why;
    if (!read_baseline(baseline, accepted, why)) {
      fprintf(stderr, "pathwise: '%s' is not a SARIF log: %s\n", baseline.c_str(), why.c_str());
      return kUsage;
    }
  }
  // Outputs are checked before anything runs: missing folders are made,
  // and a place that cannot be written is said at once, with the reason.
  if (!sarif.empty()) {
    const std::string why = prepare_output_file(sarif);
    if (!why.empty()) {
      fprintf(stderr, "pathwise: cannot write '%s': %s\n", sarif.c_str(), why.c_str());
      return kUsage;
    }
  }
  if (!html.empty()) {
    const std::string why = prepare_output_dir(html);
    if (!why.empty()) {
      fprintf(stderr, "pathwise: cannot write the HTML report into '%s': %s\n", html.c_str(), why.c_str());
      return kUsage;
    }
  }

  // SIGINT and SIGTERM (to this process alone, too) stop the compiles it
  // runs, remove its temporary files and end it with 130 or 143.
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);

  // (In $TMPDIR, as mktemp makes them, else in /tmp.)
  const char *tmpdir = getenv("TMPDIR");
  const std::string parent = tmpdir && *tmpdir ? tmpdir : "/tmp";
  std::string tmpl = parent + "/pathwise.XXXXXX";
  if (!mkdtemp(tmpl.data())) {
    fprintf(stderr, "pathwise: cannot make a temporary directory in %s: %s\n", parent.c_str(), strerror(errno));
    return kUsage;
  }
  const std::string tmp = tmpl;
  // (Gone on every way out: errors too.)
  struct RemoveOnExit {
    std::string dir;
    ~RemoveOnExit() { rmdir_all(dir); }
  } remove_tmp{tmp};
  std::string no_plugin;
  g_plugin = plugin_path(no_plugin);
  if (g_plugin.empty()) {
    fprintf(stderr, "pathwise: %s\n", no_plugin.c_str());
    return kUsage;
  }
  if (g_plugin.find('/') != std::string::npos &&
      g_plugin.substr(g_plugin.find_last_of('/') + 1) != "pathwise.so") {
    char full[PATH_MAX];
    const std::string link = tmp + "/pathwise.so";
    if (realpath(g_plugin.c_str(), full) && symlink(full, link.c_str()) == 0)
      g_plugin = link;
  }
  std::vector<Job> jobs;
  if (*check) {
    gcc_args = rest;
    char cwd[4096];
    const std::string here = getcwd(cwd, sizeof cwd) ? cwd : "";
    for (const std::string &f : files) {
      Job j;
      j.file = f;
      j.directory = here;
      auto ends = [&](const std::string &ext) {
        return f.size() > ext.size() && f.compare(f.size() - ext.size(), ext.size(), ext) == 0;
      };
      j.argv.push_back(ends(".cc") || ends(".cpp") || ends(".cxx") || ends(".C") ? "g++" : gcc_driver());
      j.argv.insert(j.argv.end(), gcc_args.begin(), gcc_args.end());
      j.argv.push_back("-c");
      j.argv.push_back(f);
      jobs.push_back(std::move(j));
    }
  } else {
    build = rest;
    struct stat st;
    std::string error;
    if (!build.empty()) {
      // A build is always run and recorded (with bear): into -p's file if
      // given, else into a temporary one, never an old database's stale
      // commands.
      if (!runnable(build.front())) {
        fprintf(stderr, "pathwise: the build command '%s' was not found\n", build.front().c_str());
        return kUsage;
      }
      if (database.empty())
        database = tmp + "/compile_commands.json";
      std::vector<std::string> cmd{"bear", "--output", database, "--"};
      cmd.insert(cmd.end(), build.begin(), build.end());
      const pid_t pid = spawn(cmd, "", "");
      int status = 0;
      pid_t waited = -1;
      while (pid >= 0 && (waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR && !g_signal) {
      }
      if (g_signal) {
        stop_children({pid});
        fprintf(stderr, "pathwise: stopped by a signal; nothing written\n");
        return 128 + g_signal;
      }
      const bool failed = pid < 0 || waited < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0;
      if (stat(database.c_str(), &st) == 0)
        jobs = jobs_from_database(database, error);
      const bool nothing = error.empty() && jobs.empty();
      if (failed && nothing) {
        fprintf(stderr, "pathwise: the build ('%s') failed and compiled nothing\n", build.front().c_str());
        return kUsage;
      }
      if (failed)
        fprintf(stderr, "pathwise: the build ('%s') failed; analysing what it recorded\n", build.front().c_str());
      if (nothing) {
        fprintf(stderr,
                "pathwise: the build ('%s') compiled nothing: is it up to date? Clean it first ('make clean', or "
                "'make -B')\n",
                build.front().c_str());
        return kUsage;
      }
    } else {
      if (database.empty())
        database = "compile_commands.json";
      if (stat(database.c_str(), &st) != 0) {
        fprintf(stderr, "pathwise: no compilation database '%s' (give -p FILE, or a build command after --)\n",
                database.c_str());
        return kUsage;
      }
      jobs = jobs_from_database(database, error);
    }
    if (!error.empty()) {
      fprintf(stderr, "pathwise: %s\n", error.c_str());
      return kUsage;
    }
  }
  if (jobs.empty()) {
    fprintf(stderr, "pathwise: nothing to analyse\n");
    return kUsage;
  }
  if (distcc)
    for (Job &j : jobs)
      j.distcc = true;
  if (!use_distcc(jobs) && distcc) {
    fprintf(stderr, "pathwise: --distcc needs distcc installed here and pathwise-gcc beside pathwise\n");
    return kUsage;
  }
  if (*scan && !no_facts) {
    if (facts.empty()) {
      const size_t slash = database.find_last_of('/');
      const bool recorded = !build.empty() && database.rfind(tmp + "/", 0) == 0; // (a temporary database)
      facts = recorded || slash == std::string::npos ? ".pathwise-facts"
                                                     : database.substr(0, slash) + "/.pathwise-facts";
    }
    char full[PATH_MAX];
    std::error_code ec;
    std::filesystem::create_directories(facts, ec);
    if (ec) {
      fprintf(stderr, "pathwise: cannot make the facts store '%s': %s (give --facts DIR, or --no-facts)\n",
              facts.c_str(), ec.message().c_str());
      return kUsage;
    }
    g_facts = realpath(facts.c_str(), full) ? full : facts;
    // A store with no unit's facts yet (the first scan): filled before
    // the analysis that reports, so that every unit knows the others.
    bool empty = true;
    for (std::filesystem::directory_iterator it(g_facts, ec), end; !ec && it != end && empty; it.increment(ec))
      empty = it->path().extension() != ".facts";
    if (empty) {
      fprintf(stderr, "pathwise: filling the facts store %s first\n", g_facts.c_str());
      g_facts_only = true;
      const Outcome filled = run_jobs(jobs, parallel, tmp, false, true); // (the analysis that follows tells)
      g_facts_only = false;
      if (filled.interrupted) {
        fprintf(stderr, "%spathwise: stopped by a signal; nothing written\n", isatty(2) ? "\r\033[K" : "");
        return 128 + g_signal;
      }
    }
  }
  const Outcome outcome = run_jobs(jobs, parallel, tmp, show_compiler_output);
  if (outcome.interrupted) {
    // (No log that would look complete.)
    fprintf(stderr, "%spathwise: stopped by a signal; nothing written\n", isatty(2) ? "\r\033[K" : "");
    return 128 + g_signal;
  }
  json log = merge_logs(outcome.logs, outcome.directories);
  // Against the baseline (read before the analysis): what is new.
  size_t total = 0, fresh = 0;
  if (!log.is_null())
    for (json &r : log["runs"][0]["results"]) {
      ++total;
      const bool is_new = !accepted.count(fingerprint_of(r));
      fresh += is_new ? 1 : 0;
      if (!baseline.empty())
        r["baselineState"] = is_new ? "new" : "unchanged";
    }
  if (!sarif.empty()) {
    std::ofstream out(sarif);
    out << (log.is_null() ? json::object() : with_relative_uris(log)).dump(2) << "\n";
    if (!out) {
      fprintf(stderr, "pathwise: cannot write '%s': %s\n", sarif.c_str(), strerror(errno));
      return kUsage;
    }
  }
  if (!html.empty() && !log.is_null() && !write_html(log, html)) {
    fprintf(stderr, "pathwise: cannot write the HTML report into '%s': %s\n", html.c_str(), strerror(errno));
    return kUsage;
  }
  fprintf(stderr, "pathwise: %zu translation unit%s, %zu failed to compile; %zu finding%s", jobs.size(),
          jobs.size() == 1 ? "" : "s", outcome.failed.size(), total, total == 1 ? "" : "s");
  if (!baseline.empty())
    fprintf(stderr, ", %zu new", fresh);
  fprintf(stderr, "\n");
  for (const std::string &f : outcome.failed)
    fprintf(stderr, "pathwise: failed to compile: %s\n", f.c_str());
  for (const std::string &f : outcome.no_directory)
    fprintf(stderr, "pathwise: not analysed, its directory does not exist: %s\n", f.c_str());
  for (size_t k = 0; k < jobs.size(); ++k)
    unlink((tmp + "/" + std::to_string(k) + ".err").c_str());
  rmdir(tmp.c_str());
  const size_t counted = fail_on == "none" ? 0 : fail_on == "any" ? total : fresh;
  if (counted)
    return kFindings;
  return outcome.failed.empty() ? kOk : kCompileFailed;
}
