#!/usr/bin/env python3
"""End-to-end checks of every input Spark users have, with fixtures written at test time by the
Java libraries Spark itself uses (SparkCodecWriter.java, compiled here with javac against
Debian's liblz4-java, libsnappy-java, libcompress-lzf-java and libzstd-jni-java).

  - for several corpus logs and every codec: `afterglow api` answers for the application list
    and the jobs equal the plain log's
  - the rolling folder, the Databricks folder and the plain concatenation of
    rapids-tools/qualification's rolling log give the same answers
  - a History Server download zip (ZipOutputStream) and a Spark 1.x folder open
  - every codec cut at random offsets or with flipped bytes: no crash, the problem names an
    offset inside the file, the application read before the damage is kept
  - a `.inprogress` zstd log cut in the middle of a frame opens as an incomplete application

Exit 0 on success, 77 when Java, the jars or the corpus are missing (a failure for ctest), 1 on
any other failure."""
import argparse
import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys

JARS = ["lz4-java.jar", "snappy-java.jar", "compress-lzf.jar", "zstd-jni.jar"]
CODECS = ["lz4", "lzf", "snappy", "zstd", "gz"]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


class Afterglow:
    def __init__(self, path):
        self.path = path

    def api(self, log, api_path):
        r = run([self.path, "api", log, api_path])
        if r.returncode < 0:
            return ("crash", r.returncode)
        if r.returncode != 0:
            return ("error", r.stderr.strip())
        return ("ok", self.normalize(json.loads(r.stdout)))

    def summary(self, log):
        return run([self.path, "summary", log])

    @staticmethod
    def normalize(value):
        # Spark's rule: lastUpdated cannot come from the log (a file time or a scan time).
        if isinstance(value, dict):
            return {k: ("" if k == "lastUpdated" else 0 if k == "lastUpdatedEpoch"
                        else Afterglow.normalize(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [Afterglow.normalize(v) for v in value]
        return value


def answers(ag, log):
    """The application list and each attempt's jobs, as one comparable value."""
    status, apps = ag.api(log, "/api/v1/applications")
    if status != "ok":
        return (status, apps)
    out = {"applications": apps}
    for app in apps:
        for attempt in app["attempts"]:
            path = "/api/v1/applications/" + app["id"]
            if "attemptId" in attempt:
                path += "/" + attempt["attemptId"]
            out[path] = ag.api(log, path + "/jobs")
    return out


def java_writer(args, work):
    javac, java = shutil.which("javac"), shutil.which("java")
    jars = [os.path.join(args.jar_dir, j) for j in JARS]
    missing = [j for j in jars if not os.path.exists(j)]
    if not javac or not java or missing:
        print("SKIP: needs javac and", ", ".join(missing or ["java"]), "(scripts/setup.sh installs them)")
        sys.exit(77)
    classes = os.path.join(work, "classes")
    os.makedirs(classes, exist_ok=True)
    cp = ":".join(jars)
    r = run([javac, "-cp", cp, "-d", classes, os.path.join(args.source, "SparkCodecWriter.java")])
    if r.returncode != 0:
        print(r.stderr)
        sys.exit(1)
    full_cp = classes + ":" + cp

    def write(*writer_args):
        r = run([java, "-cp", full_cp, "SparkCodecWriter"] + [str(a) for a in writer_args])
        if r.returncode != 0:
            print(r.stderr)
            raise SystemExit("SparkCodecWriter %s failed" % (writer_args,))
    return write


def gzip_members(plain, out, members=2):
    data = open(plain, "rb").read()
    step = len(data) // members + 1
    with open(out, "wb") as f:
        for i in range(0, len(data), step):
            f.write(gzip.compress(data[i:i + step]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--afterglow", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--jar-dir", default="/usr/share/java")
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        print("SKIP: corpus folder missing:", args.corpus)
        return 77
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    work = args.work
    write = java_writer(args, work)
    ag = Afterglow(args.afterglow)
    corpus = args.corpus
    rolling = os.path.join(corpus, "rapids-tools/qualification/eventlog_v2_local-1623876083964")
    parts = [os.path.join(rolling, p) for p in sorted(os.listdir(rolling)) if p.startswith("events_")]

    # --- every codec, several logs ---------------------------------------------------------------
    logs = {
        "rolling-concat": parts,
        "application_1553914137147_0018": [os.path.join(corpus, "spark/spark-events/application_1553914137147_0018")],
        "local-1422981780767": [os.path.join(corpus, "spark/spark-events/local-1422981780767")],
        "local-1596020211915": [os.path.join(corpus, "spark/sql-events/local-1596020211915")],
        "join_agg_on_yarn": [os.path.join(corpus, "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd")],
    }
    fixtures = {}
    for name, inputs in logs.items():
        d = os.path.join(work, "codecs", name)
        os.makedirs(d)
        plain = os.path.join(d, name)
        write("write", "plain", plain, *inputs)
        expected = answers(ag, plain)
        check(isinstance(expected, dict) and expected["applications"], name + ": plain log has an application")
        for codec in CODECS:
            out = plain + "." + codec
            if codec == "gz":
                gzip_members(plain, out)
            else:
                write("write", codec, out, plain)
            fixtures.setdefault(codec, []).append(out)
            got = answers(ag, out)
            check(got == expected, "%s.%s: answers equal the plain log's" % (name, codec))
        print("ok: %s in every codec" % name)

    # --- the same log as rolling folder, Databricks folder, plain concatenation ------------------
    concat = os.path.join(work, "codecs", "rolling-concat", "rolling-concat")
    db = os.path.join(corpus, "rapids-tools/qualification/db_sim_eventlog")
    base = answers(ag, concat)
    check(answers(ag, rolling) == base, "rolling folder answers equal the concatenated log's")
    check(answers(ag, db) == base, "Databricks folder answers equal the concatenated log's")
    # A rolling folder written with another codec, with a compacted first part and an
    # in-progress marker.
    d = os.path.join(work, "rolling", "eventlog_v2_local-1623876083964")
    os.makedirs(d)
    write("write", "lz4", os.path.join(d, "events_1_local-1623876083964.lz4"), parts[0])
    write("write", "snappy", os.path.join(d, "events_2_local-1623876083964.snappy"), parts[1])
    open(os.path.join(d, "appstatus_local-1623876083964"), "w").close()
    check(answers(ag, d) == base, "lz4 + snappy rolling folder answers equal the concatenated log's")
    os.rename(os.path.join(d, "appstatus_local-1623876083964"),
              os.path.join(d, "appstatus_local-1623876083964.inprogress"))
    status, apps = ag.api(d, "/api/v1/applications")
    check(status == "ok" and apps[0]["attempts"][0]["completed"] is False,
          "a rolling folder with an .inprogress marker is an incomplete application")
    print("ok: rolling, Databricks and concatenated logs agree")

    # --- History Server download zip, and a log directory holding the same ----------------------
    hs = os.path.join(work, "hs-dir")
    os.makedirs(hs)
    shutil.copytree(rolling, os.path.join(hs, os.path.basename(rolling)))
    shutil.copy(os.path.join(corpus, "spark/spark-events/application_1553914137147_0018"), hs)
    shutil.copy(fixtures["lz4"][2], hs)  # local-1422981780767.lz4
    zip_path = os.path.join(work, "eventLogs-download.zip")
    write("zip", zip_path, hs, *sorted(os.listdir(hs)))
    from_dir, from_zip = answers(ag, hs), answers(ag, zip_path)
    check(isinstance(from_dir, dict) and len(from_dir["applications"]) == 3, "log directory lists 3 apps")
    check(from_zip == from_dir, "History Server zip answers equal the log directory's")
    # The CLI's own `.../logs` answer (the History Server's zip, stored) reads back as the same log.
    download = os.path.join(work, "logs-download.zip")
    with open(download, "wb") as f:
        r = subprocess.run([ag.path, "api", rolling, "/api/v1/applications/local-1623876083964/logs"],
                           stdout=f)
    check(r.returncode == 0 and answers(ag, download) == answers(ag, rolling),
          "the CLI's /logs zip of the rolling folder answers as the folder does")
    print("ok: History Server zip")

    # --- Spark 1.x folder ------------------------------------------------------------------------
    old_plain = os.path.join(corpus, "spark/spark-events/local-1422981780767")
    d = os.path.join(work, "spark1", "local-1422981780767")
    os.makedirs(d)
    write("write", "lzf", os.path.join(d, "EVENT_LOG_1"), old_plain)
    for marker in ["SPARK_VERSION_1.2.0", "COMPRESSION_CODEC_org.apache.spark.io.LZFCompressionCodec",
                   "APPLICATION_COMPLETE"]:
        open(os.path.join(d, marker), "w").close()
    check(answers(ag, d) == answers(ag, old_plain), "Spark 1.x folder answers equal the plain log's")
    check(answers(ag, os.path.dirname(d)) == answers(ag, old_plain),
          "a log directory holding a Spark 1.x folder lists it")
    print("ok: Spark 1.x folder")

    # --- damage: cuts and flipped bytes ----------------------------------------------------------
    rng = random.Random(20261129)
    damaged = os.path.join(work, "damaged")
    os.makedirs(damaged)
    for codec in CODECS:
        source = fixtures[codec][0]  # the rolling log's content: one app, many blocks
        data = open(source, "rb").read()
        for trial in range(12):
            cut = rng.randrange(1, len(data))
            path = os.path.join(damaged, "cut%d.%s" % (trial, codec))
            open(path, "wb").write(data[:cut])
            r = ag.summary(path)
            what = "%s cut at %d" % (codec, cut)
            check(r.returncode == 0, what + ": no crash (rc %d)" % r.returncode)
            for offset in re.findall(r"at byte (\d+)", r.stdout):
                check(int(offset) <= cut, what + ": the problem names an offset in the file")
            if cut > len(data) // 2:
                check("application   local-1623876083964" in r.stdout,
                      what + ": the application read before the cut is kept")
            os.remove(path)
        for trial in range(12):
            at = rng.randrange(0, len(data))
            flipped = bytearray(data)
            flipped[at] ^= rng.randrange(1, 256)
            path = os.path.join(damaged, "flip%d.%s" % (trial, codec))
            open(path, "wb").write(bytes(flipped))
            r = ag.summary(path)
            check(r.returncode == 0, "%s flipped at %d: no crash (rc %d)" % (codec, at, r.returncode))
            for offset in re.findall(r"at byte (\d+)", r.stdout):
                check(int(offset) <= len(data), "%s flipped at %d: offset inside the file" % (codec, at))
            os.remove(path)
        print("ok: %s cut and flipped" % codec)

    # --- in-progress zstd cut in the middle of a frame ---------------------------------------------
    data = open(fixtures["zstd"][0], "rb").read()
    cut = len(data) * 2 // 3
    finished_name = os.path.join(damaged, "cut.zstd")
    open(finished_name, "wb").write(data[:cut])
    r = ag.summary(finished_name)
    check("cut off" in r.stdout, "the zstd cut lands inside a frame (reported as cut off when finished)")
    inprogress = os.path.join(damaged, "local-1623876083964.zstd.inprogress")
    open(inprogress, "wb").write(data[:cut])
    status, apps = ag.api(inprogress, "/api/v1/applications")
    check(status == "ok" and apps and apps[0]["attempts"][0]["completed"] is False,
          ".inprogress zstd cut mid-frame opens as an incomplete application")
    status, jobs = ag.api(inprogress, "/api/v1/applications/local-1623876083964/jobs")
    check(status == "ok" and len(jobs) >= 1, ".inprogress zstd cut mid-frame keeps its jobs")
    r = ag.summary(inprogress)
    check("problem:" not in r.stdout, ".inprogress cut mid-frame is not a problem")
    # The Java stream never closed (no lz4 end block, a zstd frame still open).
    for codec in ["lz4", "zstd", "snappy", "lzf"]:
        path = os.path.join(damaged, "unfinished.%s.inprogress" % codec)
        write("unfinished", codec, path, fixtures["zstd"][0].rsplit(".", 1)[0])
        status, apps = ag.api(path, "/api/v1/applications")
        check(status == "ok" and apps and apps[0]["attempts"][0]["completed"] is False,
              "an unclosed %s stream opens as an incomplete application" % codec)
    print("ok: in-progress logs")

    if failures:
        print("%d failures" % len(failures))
        return 1
    print("all format checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
