// Writes event-log fixtures with the very Java classes Spark uses, wrapped the way Spark wraps
// them (core/.../io/CompressionCodec.scala compressedContinuousOutputStream, and
// deploy/history/EventLogFileWriters.scala: a 100 KiB BufferedOutputStream and a PrintWriter,
// flushed after the events Spark logs with flushLogger = true). Run by codec_fixtures_test.py.
//
//   write <codec> <out> <in>...      codec: plain lz4 lzf snappy zstd; inputs may be .zstd
//   unfinished <codec> <out> <in>... as `write`, but the stream is flushed and never closed:
//                                    a log still being written (no lz4 end block, ...)
//   zip <out.zip> <dir> <entry>...   a History Server download: entries are files or
//                                    eventlog_v2_ folders of <dir>, zipped as
//                                    EventLogFileReader.zipEventLogFiles does
import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import com.ning.compress.lzf.LZFOutputStream;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.xerial.snappy.SnappyOutputStream;

public final class SparkCodecWriter {
  private static final int BLOCK_SIZE = 32 * 1024;          // spark.io.compression.*.blockSize
  private static final int EVENT_LOG_BUFFER = 100 * 1024;   // spark.eventLog.buffer.kb

  static OutputStream compressed(String codec, OutputStream out) throws Exception {
    switch (codec) {
      case "plain":
        return out;
      case "lz4":
        return new LZ4BlockOutputStream(out, BLOCK_SIZE, LZ4Factory.fastestInstance().fastCompressor(),
            XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(), false);
      case "lzf":
        return new LZFOutputStream(out).setFinishBlockOnFlush(true);
      case "snappy":
        return new BufferedOutputStream(new SnappyOutputStream(out, BLOCK_SIZE), BLOCK_SIZE);
      case "zstd":
        return new BufferedOutputStream(new ZstdOutputStreamNoFinalizer(out, RecyclingBufferPool.INSTANCE)
            .setLevel(1).setCloseFrameOnFlush(true), BLOCK_SIZE);
      default:
        throw new IllegalArgumentException("unknown codec " + codec);
    }
  }

  static InputStream open(String path) throws Exception {
    InputStream in = new BufferedInputStream(new FileInputStream(path));
    return path.endsWith(".zstd") ? new ZstdInputStreamNoFinalizer(in, RecyclingBufferPool.INSTANCE) : in;
  }

  // EventLoggingListener logs task, block and metrics-update events without a flush.
  static boolean flushAfter(String line) {
    return !(line.startsWith("{\"Event\":\"SparkListenerTask")
        || line.startsWith("{\"Event\":\"SparkListenerBlockUpdated")
        || line.startsWith("{\"Event\":\"SparkListenerExecutorMetricsUpdate"));
  }

  static void write(String codec, String out, String[] inputs, boolean close) throws Exception {
    FileOutputStream file = new FileOutputStream(out);
    PrintWriter writer = new PrintWriter(new OutputStreamWriter(
        new BufferedOutputStream(compressed(codec, file), EVENT_LOG_BUFFER), StandardCharsets.UTF_8));
    for (String input : inputs) {
      try (BufferedReader reader = new BufferedReader(
               new InputStreamReader(open(input), StandardCharsets.UTF_8))) {
        for (String line; (line = reader.readLine()) != null;) {
          writer.println(line);
          if (flushAfter(line)) writer.flush();
        }
      }
    }
    if (close) {
      writer.close();
    } else {
      writer.flush();
      file.getFD().sync();
      System.exit(0);  // leave the streams unclosed, as a crashed or running application does
    }
  }

  static void addFile(ZipOutputStream zip, File file, String name) throws Exception {
    zip.putNextEntry(new ZipEntry(name));
    Files.copy(file.toPath(), zip);
    zip.closeEntry();
  }

  static void zip(String out, String dir, String[] entries) throws Exception {
    try (ZipOutputStream zip = new ZipOutputStream(new FileOutputStream(out))) {
      for (String entry : entries) {
        File file = new File(dir, entry);
        if (file.isDirectory()) {
          String folder = file.getName() + "/";
          zip.putNextEntry(new ZipEntry(folder));
          zip.closeEntry();
          File[] parts = file.listFiles();
          Arrays.sort(parts);
          for (File part : parts) addFile(zip, part, folder + part.getName());
        } else {
          addFile(zip, file, file.getName());
        }
      }
    }
  }

  public static void main(String[] args) throws Exception {
    String[] rest = Arrays.copyOfRange(args, Math.min(args.length, 3), args.length);
    switch (args[0]) {
      case "write": write(args[1], args[2], rest, true); break;
      case "unfinished": write(args[1], args[2], rest, false); break;
      case "zip": zip(args[1], args[2], rest); break;
      default: throw new IllegalArgumentException("unknown command " + args[0]);
    }
  }
}
