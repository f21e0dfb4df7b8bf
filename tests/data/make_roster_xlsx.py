"""Regenerates tests/data/roster.xlsx, the XLSX fixture of tests/roster_import.rs.

Run from the repository root: python3 tests/data/make_roster_xlsx.py (needs openpyxl).
"""
import datetime

from openpyxl import Workbook

wb = Workbook()
ws = wb.active
ws.title = "报名表"
ws.append(["姓名", "性别", "出生日期", "单位", "等级分", "电话", "组别", "女子验证", "备注"])
# Row 2: a real date cell (date number format) and numeric rating and phone.
ws.append(["王天一", "男", datetime.date(1989, 2, 27), "杭州", 2680, 13800138000, "成人组", "否", None])
ws["C2"].number_format = "yyyy-mm-dd"
# Row 3: a text date with slashes, a note, verified woman.
ws.append(["唐丹", "女", "1991/03/06", "北京", 2500, None, "成人组", "是", "队长"])
# Row 4 left blank: skipped, and row numbers keep counting sheet rows.
# Row 5: a plain number in the date column, read as an Excel serial (40000 = 2009-07-06).
ws["A5"], ws["B5"], ws["C5"], ws["G5"] = "孟繁睿", "m", 40000, "少年组"
# A sheet after the first is ignored.
wb.create_sheet("其他").append(["姓名"])
wb.save("tests/data/roster.xlsx")
