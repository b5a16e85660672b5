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
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

enum Exit { kOk = 0, kFindings = 1, kUsage = 2, kCompileFailed = 3 };

struct Job {
  std::string directory;
  std::vector<std::string> argv; // the compiler and its arguments, as the build ran them
  std::string file;
};

std::string plugin_path() {
  if (const char *p = getenv("PATHWISE_PLUGIN"))
    return p;
#ifdef PATHWISE_PLUGIN_PATH
  struct stat st;
  if (stat(PATHWISE_PLUGIN_PATH, &st) == 0)
    return PATHWISE_PLUGIN_PATH;
#endif
  return "pathwise";
}

std::string gcc_driver() {
  const char *g = getenv("PATHWISE_GCC");
  return g && *g ? g : "gcc";
}

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

// The command of a job as pathwise runs it: the same compile, its output
// thrown away, with the plugin writing a SARIF log.
std::vector<std::string> analysis_command(const Job &j, const std::string &sarif) {
  std::vector<std::string> out{j.argv.front()};
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
  out.push_back("/dev/null");
  out.push_back("-fplugin=" + plugin_path());
  out.push_back("-fplugin-arg-pathwise-sarif=" + sarif);
  return out;
}

// Runs argv in directory (stderr to err_file, stdout too when given):
// the child's pid, or -1.
pid_t spawn(const std::vector<std::string> &argv, const std::string &directory, const std::string &err_file) {
  const pid_t pid = fork();
  if (pid != 0)
    return pid;
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

// A progress line: rewritten in place on a terminal, plain lines otherwise.
class Progress {
public:
  explicit Progress(size_t total) : m_total(total), m_tty(isatty(2)), m_start(std::chrono::steady_clock::now()) {}
  void done(size_t n, const std::string &what) {
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    const double eta = n ? secs / static_cast<double>(n) * static_cast<double>(m_total - n) : 0;
    if (m_tty)
      fprintf(stderr, "\r\033[K[%zu/%zu] %3d%%  eta %3.0fs  %s", n, m_total, static_cast<int>(100 * n / m_total), eta,
              what.c_str());
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
  std::vector<std::string> logs; // SARIF files written
  std::vector<std::string> failed; // files whose compile failed
};

// Runs the jobs, at most `parallel` at a time; what each one's compiler
// said is shown as it finishes.
Outcome run_jobs(const std::vector<Job> &jobs, size_t parallel, const std::string &tmp) {
  Outcome out;
  Progress progress(jobs.size());
  std::map<pid_t, size_t> running;
  size_t next = 0, finished = 0;
  while (finished < jobs.size()) {
    while (running.size() < std::max<size_t>(parallel, 1) && next < jobs.size()) {
      const std::string base = tmp + "/" + std::to_string(next);
      const pid_t pid = spawn(analysis_command(jobs[next], base + ".sarif"), jobs[next].directory, base + ".err");
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
    if (pid < 0)
      break;
    auto it = running.find(pid);
    if (it == running.end())
      continue;
    const size_t k = it->second;
    running.erase(it);
    const std::string base = tmp + "/" + std::to_string(k);
    const std::string err = read_file(base + ".err");
    if (!err.empty())
      fputs(err.c_str(), stderr);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      out.failed.push_back(jobs[k].file);
    struct stat st;
    if (stat((base + ".sarif").c_str(), &st) == 0)
      out.logs.push_back(base + ".sarif");
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

// One log of every translation unit's: rules and taxa once, results once
// each (a header's problem seen from ten files is one finding).
json merge_logs(const std::vector<std::string> &logs) {
  json merged;
  std::set<std::string> seen, artifacts, taxa_seen;
  json results = json::array(), artifact_list = json::array(), taxa = json::array();
  for (const std::string &path : logs) {
    json log = json::parse(read_file(path), nullptr, false);
    if (log.is_discarded() || !log.contains("runs") || log["runs"].empty())
      continue;
    json &run = log["runs"][0];
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

std::vector<Job> jobs_from_database(const std::string &path, std::string &error) {
  std::vector<Job> jobs;
  json db = json::parse(read_file(path), nullptr, false);
  if (db.is_discarded() || !db.is_array()) {
    error = "'" + path + "' is not a compile_commands.json (a JSON array of compile commands)";
    return jobs;
  }
  for (const json &e : db) {
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
    j.argv[0] = j.argv[0].find("++") != std::string::npos ? "g++" : gcc_driver();
    jobs.push_back(std::move(j));
  }
  return jobs;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"pathwise: path-sensitive static analysis of C and C++ with GCC"};
  app.require_subcommand(1);
  std::vector<std::string> files, gcc_args, build;
  std::string database, sarif, baseline, fail_on = "new";
  size_t parallel = 1;

  CLI::App *check = app.add_subcommand("check", "analyse source files: pathwise check FILE... [-- GCC ARGS]");
  check->add_option("files", files, "C or C++ files")->required()->check(CLI::ExistingFile);
  check->add_option("--sarif", sarif, "write the findings' SARIF log here");

  CLI::App *scan = app.add_subcommand("scan", "analyse a project from its compile_commands.json, or record its build");
  scan->add_option("-p,--compile-commands", database, "the compilation database (default: ./compile_commands.json)");
  scan->add_option("-j,--jobs", parallel, "translation units analysed at once")->check(CLI::Range(1, 256));
  scan->add_option("--sarif", sarif, "write the merged SARIF log here");
  scan->add_option("--baseline", baseline, "a SARIF log of accepted findings (an earlier scan's)")
      ->check(CLI::ExistingFile);
  scan->add_option("--fail-on", fail_on, "findings that make the exit status 1: new (not in the baseline), any, none")
      ->check(CLI::IsMember({"new", "any", "none"}));

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

  char tmpl[] = "/tmp/pathwise.XXXXXX";
  if (!mkdtemp(tmpl)) {
    fprintf(stderr, "pathwise: cannot make a temporary directory: %s\n", strerror(errno));
    return kUsage;
  }
  const std::string tmp = tmpl;
  std::vector<Job> jobs;
  if (*check) {
    gcc_args = rest;
    for (const std::string &f : files) {
      Job j;
      j.file = f;
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
    if (database.empty())
      database = "compile_commands.json";
    struct stat st;
    if (!build.empty() && stat(database.c_str(), &st) != 0) {
      // No database: record the build with bear, run directly.
      std::vector<std::string> cmd{"bear", "--output", database, "--"};
      cmd.insert(cmd.end(), build.begin(), build.end());
      const pid_t pid = spawn(cmd, "", "");
      int status = 0;
      if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fprintf(stderr, "pathwise: the build ('%s') failed; analysing what it recorded\n", build.front().c_str());
    }
    if (stat(database.c_str(), &st) != 0) {
      fprintf(stderr, "pathwise: no compilation database '%s' (give -p FILE, or a build command after --)\n",
              database.c_str());
      return kUsage;
    }
    std::string error;
    jobs = jobs_from_database(database, error);
    if (!error.empty()) {
      fprintf(stderr, "pathwise: %s\n", error.c_str());
      return kUsage;
    }
  }
  if (jobs.empty()) {
    fprintf(stderr, "pathwise: nothing to analyse\n");
    return kUsage;
  }
  const Outcome outcome = run_jobs(jobs, parallel, tmp);
  json log = merge_logs(outcome.logs);
  // Against the baseline: what is new.
  std::set<std::string> accepted;
  if (!baseline.empty()) {
    json base = json::parse(read_file(baseline), nullptr, false);
    if (base.is_discarded() || !base.contains("runs")) {
      fprintf(stderr, "pathwise: '%s' is not a SARIF log\n", baseline.c_str());
      return kUsage;
    }
    for (const json &run : base["runs"])
      for (const json &r : run["results"])
        accepted.insert(fingerprint_of(r));
  }
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
    out << (log.is_null() ? json::object() : log).dump(2) << "\n";
    if (!out) {
      fprintf(stderr, "pathwise: cannot write '%s'\n", sarif.c_str());
      return kUsage;
    }
  }
  fprintf(stderr, "pathwise: %zu translation units, %zu failed to compile; %zu findings", jobs.size(),
          outcome.failed.size(), total);
  if (!baseline.empty())
    fprintf(stderr, ", %zu new", fresh);
  fprintf(stderr, "\n");
  for (const std::string &f : outcome.failed)
    fprintf(stderr, "pathwise: failed to compile: %s\n", f.c_str());
  for (const std::string &l : outcome.logs)
    unlink(l.c_str());
  for (size_t k = 0; k < jobs.size(); ++k)
    unlink((tmp + "/" + std::to_string(k) + ".err").c_str());
  rmdir(tmp.c_str());
  const size_t counted = fail_on == "none" ? 0 : fail_on == "any" ? total : fresh;
  if (counted)
    return kFindings;
  return outcome.failed.empty() ? kOk : kCompileFailed;
}
